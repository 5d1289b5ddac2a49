-- The search read model: one row per listed provider with what search filters and sorts on, in a
-- narrow table of its own (docs/decisions/023-search-read-model.md). provider_search_refresh
-- writes the rows of some providers from their profiles (whose search copies
-- refresh_provider_search keeps) and days off; triggers call it in the transaction of every change
-- to those, so a search sees a change as soon as it is committed. The profiles' own search vectors
-- and the indexes only search read go.
CREATE TABLE "provider_search" (
	"provider_id" uuid PRIMARY KEY NOT NULL,
	"city" text NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"spot" "cube" NOT NULL,
	"radius_km" smallint NOT NULL,
	"charges_cents" integer NOT NULL,
	"rating_avg" double precision NOT NULL,
	"review_count" integer NOT NULL,
	"name" text NOT NULL,
	"work_days" smallint NOT NULL,
	"off_days" date[] DEFAULT '{}'::date[] NOT NULL,
	"name_words" "tsvector" NOT NULL,
	"service_words" "tsvector" NOT NULL,
	"document" "tsvector" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "provider_search" ADD CONSTRAINT "provider_search_provider_id_provider_profiles_user_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."provider_profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The facets are words no search word can be a prefix of (they start with '~'): the city, each
-- category offered and the cell of a 0.25° grid the base point is in (search.facets.ts draws the
-- same cells). Vectors are stripped: search asks which words are there, never where.
CREATE FUNCTION "provider_search_refresh"("ids" uuid[]) RETURNS void LANGUAGE sql AS $$
	DELETE FROM "provider_search" AS s
	WHERE s."provider_id" = ANY ("ids")
		AND NOT EXISTS (SELECT 1 FROM "provider_profiles" AS p WHERE p."user_id" = s."provider_id" AND p."listed");
	INSERT INTO "provider_search" AS s ("provider_id", "city", "lat", "lng", "spot", "radius_km", "charges_cents",
		"rating_avg", "review_count", "name", "work_days", "off_days", "name_words", "service_words", "document")
	SELECT p."user_id", p."city", p."lat", p."lng", ll_to_earth(p."lat", p."lng"), p."radius_km", p."charges_cents",
		p."rating_avg", p."review_count", p."search_name", p."work_days",
		coalesce((SELECT array_agg(d."day" ORDER BY d."day") FROM "days_off" AS d WHERE d."provider_id" = p."user_id"), '{}'),
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
		"work_days" = excluded."work_days", "off_days" = excluded."off_days", "name_words" = excluded."name_words",
		"service_words" = excluded."service_words", "document" = excluded."document";
$$;--> statement-breakpoint
CREATE FUNCTION "provider_search_follow_row"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_TABLE_NAME = 'days_off' THEN
		IF TG_OP <> 'INSERT' THEN PERFORM "provider_search_refresh"(array[OLD."provider_id"]); END IF;
		IF TG_OP <> 'DELETE' THEN PERFORM "provider_search_refresh"(array[NEW."provider_id"]); END IF;
	ELSE
		PERFORM "provider_search_refresh"(array[NEW."user_id"]);
	END IF;
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "provider_profiles_read_model_insert" AFTER INSERT ON "provider_profiles"
	FOR EACH ROW EXECUTE FUNCTION "provider_search_follow_row"();--> statement-breakpoint
CREATE TRIGGER "provider_profiles_read_model" AFTER UPDATE ON "provider_profiles"
	FOR EACH ROW
	WHEN ((OLD."listed", OLD."city", OLD."lat", OLD."lng", OLD."radius_km", OLD."charges_cents", OLD."rating_sum",
		OLD."review_count", OLD."search_name", OLD."search_services", OLD."search_about", OLD."category_ids",
		OLD."work_days") IS DISTINCT FROM (NEW."listed", NEW."city", NEW."lat", NEW."lng", NEW."radius_km",
		NEW."charges_cents", NEW."rating_sum", NEW."review_count", NEW."search_name", NEW."search_services",
		NEW."search_about", NEW."category_ids", NEW."work_days"))
	EXECUTE FUNCTION "provider_search_follow_row"();--> statement-breakpoint
CREATE TRIGGER "days_off_read_model" AFTER INSERT OR UPDATE OR DELETE ON "days_off"
	FOR EACH ROW EXECUTE FUNCTION "provider_search_follow_row"();--> statement-breakpoint
SELECT "provider_search_refresh"(array(SELECT "user_id" FROM "provider_profiles" WHERE "listed"));--> statement-breakpoint
CREATE INDEX "provider_search_rating_idx" ON "provider_search" USING btree ("rating_avg" DESC NULLS FIRST,"review_count" DESC NULLS FIRST,"name","provider_id");--> statement-breakpoint
CREATE INDEX "provider_search_city_rating_idx" ON "provider_search" USING btree ("city","rating_avg" DESC NULLS FIRST,"review_count" DESC NULLS FIRST,"name","provider_id");--> statement-breakpoint
CREATE INDEX "provider_search_price_idx" ON "provider_search" USING btree ("charges_cents","rating_avg" DESC NULLS FIRST,"review_count" DESC NULLS FIRST,"name","provider_id");--> statement-breakpoint
CREATE INDEX "provider_search_spot_idx" ON "provider_search" USING gist ("spot");--> statement-breakpoint
CREATE INDEX "provider_search_document_idx" ON "provider_search" USING gin ("document");--> statement-breakpoint
CREATE INDEX "provider_search_name_words_idx" ON "provider_search" USING gin ("name_words");--> statement-breakpoint
CREATE INDEX "provider_search_service_words_idx" ON "provider_search" USING gin ("service_words");--> statement-breakpoint
CREATE INDEX "provider_search_name_trgm_idx" ON "provider_search" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
DROP INDEX "provider_profiles_search_idx";--> statement-breakpoint
DROP INDEX "provider_profiles_name_search_idx";--> statement-breakpoint
DROP INDEX "provider_profiles_services_search_idx";--> statement-breakpoint
DROP INDEX "provider_profiles_price_idx";--> statement-breakpoint
DROP INDEX "provider_profiles_spot_idx";--> statement-breakpoint
DROP INDEX "provider_profiles_name_trgm_idx";--> statement-breakpoint
ALTER TABLE "provider_profiles" DROP COLUMN "search_vector";--> statement-breakpoint
ALTER TABLE "provider_profiles" DROP COLUMN "name_vector";--> statement-breakpoint
ALTER TABLE "provider_profiles" DROP COLUMN "services_vector";--> statement-breakpoint
-- Search reads the table's size from its statistics (providers.search.ts).
ANALYZE "provider_search";
