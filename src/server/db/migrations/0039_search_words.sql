-- The read model's dictionary: every lexeme of a search document. A search word that begins no
-- word here (or, read whole, is none) matches no document, so search answers without reading
-- provider_search; `docs` says how many documents hold a word, so a search of a rare one
-- collects its few without sampling first. Binary order, so a prefix's words are one range.
CREATE TABLE "search_words" (
	"word" text COLLATE "C" PRIMARY KEY NOT NULL,
	"docs" integer
);--> statement-breakpoint
-- How many documents hold each word, as of now; a word no document holds any longer stays, with
-- 0 (the dictionary may say too much, never too little).
CREATE FUNCTION "search_words_count"() RETURNS void LANGUAGE sql AS $$
	INSERT INTO "search_words" AS w ("word", "docs")
	SELECT coalesce(c."word", k."word"), coalesce(c."ndoc", 0)
	FROM ts_stat('SELECT "document" FROM "provider_search"') AS c
		FULL JOIN "search_words" AS k ON k."word" = c."word"
	ON CONFLICT ("word") DO UPDATE SET "docs" = excluded."docs" WHERE w."docs" IS DISTINCT FROM excluded."docs";
$$;--> statement-breakpoint
SELECT "search_words_count"();--> statement-breakpoint
-- As 0031's, and the words of the rows written join the dictionary in the same transaction.
CREATE OR REPLACE FUNCTION "provider_search_refresh"("ids" uuid[]) RETURNS void LANGUAGE sql AS $$
	DELETE FROM "provider_search" AS s
	WHERE s."provider_id" = ANY ("ids")
		AND NOT EXISTS (SELECT 1 FROM "provider_profiles" AS p WHERE p."user_id" = s."provider_id" AND p."listed");
	INSERT INTO "provider_search" AS s ("provider_id", "city", "lat", "lng", "spot", "radius_km", "charges_cents",
		"rating_avg", "review_count", "name", "work_days", "off_days", "full_days", "name_words", "service_words", "document")
	SELECT p."user_id", p."city", p."lat", p."lng", ll_to_earth(p."lat", p."lng"), p."radius_km", p."charges_cents",
		p."rating_avg", p."review_count", p."search_name", p."work_days",
		coalesce((SELECT array_agg(d."day" ORDER BY d."day") FROM "days_off" AS d WHERE d."provider_id" = p."user_id"), '{}'),
		"provider_full_days"(p."user_id"),
		strip(to_tsvector('simple'::regconfig, p."search_name")),
		strip(to_tsvector('simple'::regconfig, p."search_services")),
		strip(to_tsvector('simple'::regconfig, p."search_name" || ' ' || p."search_services")
			|| to_tsvector('english'::regconfig, p."search_about"))
			|| array_to_tsvector(array['~city:' || p."city",
				'~cell:' || floor(p."lat" / 0.25)::int || ':' || floor(p."lng" / 0.25)::int]
				|| coalesce((SELECT array_agg('~cat:' || c) FROM unnest(p."category_ids") AS c), '{}'))
	FROM "provider_profiles" AS p
	WHERE p."user_id" = ANY ("ids") AND p."listed"
	ON CONFLICT ("provider_id") DO UPDATE SET
		"city" = excluded."city", "lat" = excluded."lat", "lng" = excluded."lng", "spot" = excluded."spot",
		"radius_km" = excluded."radius_km", "charges_cents" = excluded."charges_cents",
		"rating_avg" = excluded."rating_avg", "review_count" = excluded."review_count", "name" = excluded."name",
		"work_days" = excluded."work_days", "off_days" = excluded."off_days", "full_days" = excluded."full_days",
		"name_words" = excluded."name_words", "service_words" = excluded."service_words", "document" = excluded."document";
	INSERT INTO "search_words" ("word")
	SELECT DISTINCT w FROM "provider_search" AS s, unnest(tsvector_to_array(s."document")) AS w
	WHERE s."provider_id" = ANY ("ids")
	ON CONFLICT DO NOTHING;
$$;
