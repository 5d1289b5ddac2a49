-- Discovery: where a provider works and how far it travels, the filters' columns kept by the
-- search function, a vocabulary for misspelt words, and the extensions search needs (both
-- engines ship them; PGlite loads them in db/client.ts).
CREATE EXTENSION IF NOT EXISTS "pg_trgm";--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS "unaccent";--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS "fuzzystrmatch";--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS "cube";--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS "earthdistance";--> statement-breakpoint
CREATE TABLE "search_terms" (
	"term" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "provider_profiles" ADD COLUMN "lat" double precision;--> statement-breakpoint
ALTER TABLE "provider_profiles" ADD COLUMN "lng" double precision;--> statement-breakpoint
-- Providers made before this migration start at their city's centre until their address is saved again.
UPDATE "provider_profiles" SET
	"lat" = CASE "city" WHEN 'austin' THEN 30.2672 WHEN 'dallas' THEN 32.7767 ELSE 40.7128 END,
	"lng" = CASE "city" WHEN 'austin' THEN -97.7431 WHEN 'dallas' THEN -96.797 ELSE -74.006 END;--> statement-breakpoint
ALTER TABLE "provider_profiles" ALTER COLUMN "lat" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "provider_profiles" ALTER COLUMN "lng" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "provider_profiles" ADD COLUMN "radius_km" smallint DEFAULT 25 NOT NULL;--> statement-breakpoint
ALTER TABLE "provider_profiles" ADD COLUMN "category_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
ALTER TABLE "provider_profiles" ADD COLUMN "work_days" smallint DEFAULT 127 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "location" jsonb;--> statement-breakpoint
CREATE INDEX "search_terms_trgm_idx" ON "search_terms" USING gin ("term" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "provider_profiles_city_rating_idx" ON "provider_profiles" USING btree ("city","rating_avg" DESC NULLS FIRST,"review_count" DESC NULLS FIRST,"search_name","user_id") WHERE "provider_profiles"."listed";--> statement-breakpoint
CREATE INDEX "provider_profiles_price_idx" ON "provider_profiles" USING btree ("charges_cents","rating_avg" DESC NULLS FIRST,"review_count" DESC NULLS FIRST,"search_name","user_id") WHERE "provider_profiles"."listed";--> statement-breakpoint
CREATE INDEX "provider_profiles_spot_idx" ON "provider_profiles" USING gist (ll_to_earth("lat", "lng")) WHERE "provider_profiles"."listed";--> statement-breakpoint
CREATE INDEX "provider_profiles_categories_idx" ON "provider_profiles" USING gin ("category_ids") WHERE "provider_profiles"."listed";--> statement-breakpoint
CREATE INDEX "provider_profiles_name_trgm_idx" ON "provider_profiles" USING gin ("search_name" gin_trgm_ops) WHERE "provider_profiles"."listed";--> statement-breakpoint
ALTER TABLE "provider_profiles" ADD CONSTRAINT "provider_radius_range" CHECK ("provider_profiles"."radius_km" between 1 and 80);--> statement-breakpoint
-- The search copies now also hold the offered categories and the weekdays worked (no hours at all
-- means every day, as the slot rules have it), and the texts without accents; every word of a
-- name or service title goes into the vocabulary misspellings are matched against.
CREATE OR REPLACE FUNCTION "refresh_provider_search"("provider" uuid) RETURNS void LANGUAGE sql AS $$
	UPDATE "provider_profiles" AS p SET
		"listed" = (u."role" = 'provider' AND u."status" = '1' AND NOT u."is_blocked"),
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
CREATE OR REPLACE FUNCTION "provider_search_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_TABLE_NAME = 'categories' THEN
		PERFORM "refresh_provider_search"(s."provider_id") FROM "provider_services" AS s WHERE s."category_id" = NEW."id";
	ELSIF TG_TABLE_NAME IN ('provider_services', 'working_hours') THEN
		IF TG_OP <> 'INSERT' THEN PERFORM "refresh_provider_search"(OLD."provider_id"); END IF;
		IF TG_OP <> 'DELETE' THEN PERFORM "refresh_provider_search"(NEW."provider_id"); END IF;
	ELSIF TG_TABLE_NAME = 'users' THEN
		PERFORM "refresh_provider_search"(NEW."id");
	ELSE
		PERFORM "refresh_provider_search"(NEW."user_id");
	END IF;
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "working_hours_provider_search" AFTER INSERT OR UPDATE OR DELETE ON "working_hours"
	FOR EACH ROW EXECUTE FUNCTION "provider_search_follow"();--> statement-breakpoint
SELECT count("refresh_provider_search"("user_id")) FROM "provider_profiles";
