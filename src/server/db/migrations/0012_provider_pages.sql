-- Public provider pages: each provider's page is /providers/{slug}, given once by the search
-- refresh (which every write that makes a provider runs) and kept when the name changes.
ALTER TABLE "provider_profiles" ADD COLUMN "slug" text;--> statement-breakpoint
CREATE UNIQUE INDEX "provider_profiles_slug_idx" ON "provider_profiles" USING btree ("slug");--> statement-breakpoint
-- The name without accents in lower-case words and the city ('priya-raman-austin'); when another
-- provider has that, a piece of the id follows, then the whole id: a fixed number of lookups,
-- however many providers share a name.
CREATE FUNCTION "provider_slug"("name" text, "city" text, "id" uuid) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
	words text := left(trim(both '-' from regexp_replace(lower(unaccent("name")), '[^a-z0-9]+', '-', 'g')), 60);
	base text := coalesce(nullif(words, ''), 'provider') || '-' || "city";
	candidate text;
BEGIN
	FOREACH candidate IN ARRAY ARRAY[base, base || '-' || left(replace("id"::text, '-', ''), 6), base || '-' || replace("id"::text, '-', '')] LOOP
		IF NOT EXISTS (SELECT 1 FROM "provider_profiles" WHERE "slug" = candidate) THEN RETURN candidate; END IF;
	END LOOP;
	RETURN base || '-' || replace("id"::text, '-', '');
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "refresh_provider_search"("provider" uuid) RETURNS void LANGUAGE sql AS $$
	UPDATE "provider_profiles" AS p SET
		"listed" = (u."role" = 'provider' AND u."status" = '1' AND NOT u."is_blocked"),
		"slug" = coalesce(p."slug", "provider_slug"(u."name", p."city", p."user_id")),
		"search_name" = lower(unaccent(u."name")),
		"search_about" = unaccent(coalesce(u."about", '')),
		"search_services" = coalesce((
			SELECT string_agg(unaccent(c."title"), ' ' ORDER BY c."title")
			FROM "provider_services" AS s JOIN "categories" AS c ON c."id" = s."category_id"
			WHERE s."provider_id" = p."user_id" AND c."archived_at" IS NULL), ''),
		"category_ids" = coalesce((
			SELECT array_agg(c."id" ORDER BY c."id")
			FROM "provider_services" AS s JOIN "categories" AS c ON c."id" = s."category_id"
			WHERE s."provider_id" = p."user_id" AND c."archived_at" IS NULL), '{}'),
		"work_days" = coalesce((
			SELECT bit_or(1 << h."weekday")::smallint FROM "working_hours" AS h WHERE h."provider_id" = p."user_id"), 127)
	FROM "users" AS u
	WHERE u."id" = p."user_id" AND p."user_id" = "provider";
	INSERT INTO "search_terms" ("term")
	SELECT DISTINCT w
	FROM "provider_profiles" AS p, regexp_split_to_table(lower(p."search_name" || ' ' || p."search_services"), '[^[:alnum:]]+') AS w
	WHERE p."user_id" = "provider" AND p."listed" AND length(w) >= 3
	ON CONFLICT DO NOTHING;
$$;--> statement-breakpoint
SELECT count("refresh_provider_search"("user_id")) FROM "provider_profiles";
