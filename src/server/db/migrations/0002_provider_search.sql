ALTER TABLE "provider_profiles" ADD COLUMN "rating_avg" double precision GENERATED ALWAYS AS (case when "review_count" > 0 then round("rating_sum"::numeric / "review_count", 1)::float8 else 0 end) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "provider_profiles" ADD COLUMN "listed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "provider_profiles" ADD COLUMN "search_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "provider_profiles" ADD COLUMN "search_services" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "provider_profiles" ADD COLUMN "search_about" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "provider_profiles" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, "search_name" || ' ' || "search_services") || to_tsvector('english'::regconfig, "search_about")) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "provider_profiles" ADD COLUMN "name_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, "search_name")) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "provider_profiles" ADD COLUMN "services_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, "search_services")) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "provider_profiles_rating_idx" ON "provider_profiles" USING btree ("rating_avg" DESC NULLS FIRST,"review_count" DESC NULLS FIRST,"search_name","user_id") WHERE "provider_profiles"."listed";--> statement-breakpoint
CREATE INDEX "provider_profiles_search_idx" ON "provider_profiles" USING gin ("search_vector") WHERE "provider_profiles"."listed";--> statement-breakpoint
CREATE INDEX "provider_profiles_name_search_idx" ON "provider_profiles" USING gin ("name_vector") WHERE "provider_profiles"."listed";--> statement-breakpoint
CREATE INDEX "provider_profiles_services_search_idx" ON "provider_profiles" USING gin ("services_vector") WHERE "provider_profiles"."listed";--> statement-breakpoint
-- The copies on provider_profiles follow every write, whoever makes it: one function computes
-- them from the user, the offered (not archived) categories and the about text, and triggers
-- call it when one of those changes. refreshProviderSearch (providers.service.ts) calls it too.
CREATE FUNCTION "refresh_provider_search"("provider" uuid) RETURNS void LANGUAGE sql AS $$
	UPDATE "provider_profiles" AS p SET
		"listed" = (u."role" = 'provider' AND u."status" = '1' AND NOT u."is_blocked"),
		"search_name" = lower(u."name"),
		"search_about" = coalesce(u."about", ''),
		"search_services" = coalesce((
			SELECT string_agg(c."title", ' ' ORDER BY c."title")
			FROM "provider_services" AS s JOIN "categories" AS c ON c."id" = s."category_id"
			WHERE s."provider_id" = p."user_id" AND c."archived_at" IS NULL), '')
	FROM "users" AS u
	WHERE u."id" = p."user_id" AND p."user_id" = "provider";
$$;--> statement-breakpoint
CREATE FUNCTION "provider_search_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_TABLE_NAME = 'categories' THEN
		PERFORM "refresh_provider_search"(s."provider_id") FROM "provider_services" AS s WHERE s."category_id" = NEW."id";
	ELSIF TG_TABLE_NAME = 'provider_services' THEN
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
CREATE TRIGGER "provider_profiles_search_insert" AFTER INSERT ON "provider_profiles"
	FOR EACH ROW EXECUTE FUNCTION "provider_search_follow"();--> statement-breakpoint
CREATE TRIGGER "users_provider_search" AFTER UPDATE OF "name", "about", "role", "status", "is_blocked" ON "users"
	FOR EACH ROW
	WHEN ((OLD."name", OLD."about", OLD."role", OLD."status", OLD."is_blocked") IS DISTINCT FROM (NEW."name", NEW."about", NEW."role", NEW."status", NEW."is_blocked"))
	EXECUTE FUNCTION "provider_search_follow"();--> statement-breakpoint
CREATE TRIGGER "provider_services_search" AFTER INSERT OR UPDATE OR DELETE ON "provider_services"
	FOR EACH ROW EXECUTE FUNCTION "provider_search_follow"();--> statement-breakpoint
CREATE TRIGGER "categories_provider_search" AFTER UPDATE OF "title", "archived_at" ON "categories"
	FOR EACH ROW
	WHEN ((OLD."title", OLD."archived_at") IS DISTINCT FROM (NEW."title", NEW."archived_at"))
	EXECUTE FUNCTION "provider_search_follow"();--> statement-breakpoint
-- Providers made before this migration.
SELECT count("refresh_provider_search"("user_id")) FROM "provider_profiles";
