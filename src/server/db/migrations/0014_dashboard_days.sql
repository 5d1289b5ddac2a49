-- The dashboard at scale: each booking's day, status, category and city with what it is worth are
-- kept summed by day in booking_days by triggers, so a range of two years reads some thousands of
-- rows, not every booking. A booking keeps the provider's city of when it was made.
CREATE TABLE "booking_days" (
	"day" date NOT NULL,
	"status" text NOT NULL,
	"category_id" uuid,
	"city" text,
	"bookings" integer DEFAULT 0 NOT NULL,
	"total_cents" bigint DEFAULT 0 NOT NULL,
	"fee_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "booking_days_key" UNIQUE NULLS NOT DISTINCT("day","status","category_id","city")
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "city" text;--> statement-breakpoint
UPDATE "bookings" AS b SET "city" = p."city" FROM "provider_profiles" AS p WHERE p."user_id" = b."provider_id";--> statement-breakpoint
CREATE FUNCTION "bookings_set_city"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	NEW."city" := coalesce(NEW."city", (SELECT "city" FROM "provider_profiles" WHERE "user_id" = NEW."provider_id"));
	RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "bookings_city" BEFORE INSERT ON "bookings" FOR EACH ROW EXECUTE FUNCTION "bookings_set_city"();--> statement-breakpoint
-- Adds a booking's worth (or takes it away, with negative figures) to its day's row.
CREATE FUNCTION "booking_days_add"("d" date, "s" text, "c" uuid, "ci" text, "n" integer, "total" bigint, "fee" bigint)
RETURNS void LANGUAGE sql AS $$
	INSERT INTO "booking_days" AS b ("day", "status", "category_id", "city", "bookings", "total_cents", "fee_cents")
	VALUES ("d", "s", "c", "ci", "n", "total", "fee")
	ON CONFLICT ON CONSTRAINT "booking_days_key" DO UPDATE SET "bookings" = b."bookings" + EXCLUDED."bookings",
		"total_cents" = b."total_cents" + EXCLUDED."total_cents", "fee_cents" = b."fee_cents" + EXCLUDED."fee_cents";
$$;--> statement-breakpoint
-- A change takes the old row's worth out of its day and adds the new one's. The two rows of the
-- sums are locked in the order of their keys, so two bookings moving opposite ways (one accepted
-- while another goes back to requested) never wait for each other in a circle.
CREATE FUNCTION "booking_days_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		PERFORM "booking_days_add"(NEW."date", NEW."status", NEW."category_id", NEW."city", 1, NEW."total_cents", NEW."fee_cents");
	ELSIF TG_OP = 'DELETE' THEN
		PERFORM "booking_days_add"(OLD."date", OLD."status", OLD."category_id", OLD."city", -1, -OLD."total_cents", -OLD."fee_cents");
	ELSIF (NEW."date", NEW."status", coalesce(NEW."category_id"::text, ''), coalesce(NEW."city", ''))
			< (OLD."date", OLD."status", coalesce(OLD."category_id"::text, ''), coalesce(OLD."city", '')) THEN
		PERFORM "booking_days_add"(NEW."date", NEW."status", NEW."category_id", NEW."city", 1, NEW."total_cents", NEW."fee_cents");
		PERFORM "booking_days_add"(OLD."date", OLD."status", OLD."category_id", OLD."city", -1, -OLD."total_cents", -OLD."fee_cents");
	ELSE
		PERFORM "booking_days_add"(OLD."date", OLD."status", OLD."category_id", OLD."city", -1, -OLD."total_cents", -OLD."fee_cents");
		PERFORM "booking_days_add"(NEW."date", NEW."status", NEW."category_id", NEW."city", 1, NEW."total_cents", NEW."fee_cents");
	END IF;
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "bookings_days" AFTER INSERT OR DELETE OR UPDATE OF "date", "status", "category_id", "city", "total_cents", "fee_cents" ON "bookings"
	FOR EACH ROW EXECUTE FUNCTION "booking_days_apply"();--> statement-breakpoint
INSERT INTO "booking_days" ("day", "status", "category_id", "city", "bookings", "total_cents", "fee_cents")
SELECT "date", "status", "category_id", "city", count(*), sum("total_cents"), sum("fee_cents") FROM "bookings"
GROUP BY 1, 2, 3, 4;
