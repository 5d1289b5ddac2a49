-- The dashboard over long ranges: booking_days summed again by month, kept by the same trigger in
-- the same statement, so a range reads its whole months here and only its partial edges by day;
-- and the members who joined, summed by day, so a range counts them without reading every member.
CREATE TABLE "booking_months" (
	"month" date NOT NULL,
	"status" text NOT NULL,
	"category_id" uuid,
	"city" text,
	"bookings" integer DEFAULT 0 NOT NULL,
	"total_cents" bigint DEFAULT 0 NOT NULL,
	"fee_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "booking_months_key" UNIQUE NULLS NOT DISTINCT("month","status","category_id","city")
);
--> statement-breakpoint
CREATE TABLE "user_days" (
	"day" date NOT NULL,
	"role" text NOT NULL,
	"users" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "user_days_pkey" PRIMARY KEY("day","role")
);
--> statement-breakpoint
-- Nothing is written to bookings or users between the backfills below and the new triggers: a
-- booking written meanwhile by the old trigger would be in its day and missing from its month.
LOCK TABLE "bookings", "users" IN SHARE MODE;--> statement-breakpoint
-- Adds a booking's worth (or takes it away, with negative figures) to its month's row.
CREATE FUNCTION "booking_months_add"("m" date, "s" text, "c" uuid, "ci" text, "n" integer, "total" bigint, "fee" bigint)
RETURNS void LANGUAGE sql AS $$
	INSERT INTO "booking_months" AS b ("month", "status", "category_id", "city", "bookings", "total_cents", "fee_cents")
	VALUES ("m", "s", "c", "ci", "n", "total", "fee")
	ON CONFLICT ON CONSTRAINT "booking_months_key" DO UPDATE SET "bookings" = b."bookings" + EXCLUDED."bookings",
		"total_cents" = b."total_cents" + EXCLUDED."total_cents", "fee_cents" = b."fee_cents" + EXCLUDED."fee_cents";
$$;--> statement-breakpoint
-- A change takes the old row's worth out of its day and month and adds the new one's. The day rows
-- are locked first, in the order of their keys, then the month rows in the order of theirs: every
-- change takes its locks in that one order, so none waits for another in a circle (the order of
-- two days does not tell that of their months: a month's key puts the status before the day).
CREATE OR REPLACE FUNCTION "booking_days_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	new_month date;
	old_month date;
BEGIN
	IF TG_OP <> 'DELETE' THEN
		new_month := date_trunc('month', NEW."date"::timestamp)::date;
	END IF;
	IF TG_OP <> 'INSERT' THEN
		old_month := date_trunc('month', OLD."date"::timestamp)::date;
	END IF;
	IF TG_OP = 'INSERT' THEN
		PERFORM "booking_days_add"(NEW."date", NEW."status", NEW."category_id", NEW."city", 1, NEW."total_cents", NEW."fee_cents");
		PERFORM "booking_months_add"(new_month, NEW."status", NEW."category_id", NEW."city", 1, NEW."total_cents", NEW."fee_cents");
	ELSIF TG_OP = 'DELETE' THEN
		PERFORM "booking_days_add"(OLD."date", OLD."status", OLD."category_id", OLD."city", -1, -OLD."total_cents", -OLD."fee_cents");
		PERFORM "booking_months_add"(old_month, OLD."status", OLD."category_id", OLD."city", -1, -OLD."total_cents", -OLD."fee_cents");
	ELSE
		IF (NEW."date", NEW."status", coalesce(NEW."category_id"::text, ''), coalesce(NEW."city", ''))
				< (OLD."date", OLD."status", coalesce(OLD."category_id"::text, ''), coalesce(OLD."city", '')) THEN
			PERFORM "booking_days_add"(NEW."date", NEW."status", NEW."category_id", NEW."city", 1, NEW."total_cents", NEW."fee_cents");
			PERFORM "booking_days_add"(OLD."date", OLD."status", OLD."category_id", OLD."city", -1, -OLD."total_cents", -OLD."fee_cents");
		ELSE
			PERFORM "booking_days_add"(OLD."date", OLD."status", OLD."category_id", OLD."city", -1, -OLD."total_cents", -OLD."fee_cents");
			PERFORM "booking_days_add"(NEW."date", NEW."status", NEW."category_id", NEW."city", 1, NEW."total_cents", NEW."fee_cents");
		END IF;
		IF (new_month, NEW."status", coalesce(NEW."category_id"::text, ''), coalesce(NEW."city", ''))
				< (old_month, OLD."status", coalesce(OLD."category_id"::text, ''), coalesce(OLD."city", '')) THEN
			PERFORM "booking_months_add"(new_month, NEW."status", NEW."category_id", NEW."city", 1, NEW."total_cents", NEW."fee_cents");
			PERFORM "booking_months_add"(old_month, OLD."status", OLD."category_id", OLD."city", -1, -OLD."total_cents", -OLD."fee_cents");
		ELSE
			PERFORM "booking_months_add"(old_month, OLD."status", OLD."category_id", OLD."city", -1, -OLD."total_cents", -OLD."fee_cents");
			PERFORM "booking_months_add"(new_month, NEW."status", NEW."category_id", NEW."city", 1, NEW."total_cents", NEW."fee_cents");
		END IF;
	END IF;
	RETURN NULL;
END;
$$;--> statement-breakpoint
INSERT INTO "booking_months" ("month", "status", "category_id", "city", "bookings", "total_cents", "fee_cents")
SELECT date_trunc('month', "day"::timestamp)::date, "status", "category_id", "city", sum("bookings"), sum("total_cents"), sum("fee_cents")
FROM "booking_days" GROUP BY 1, 2, 3, 4;--> statement-breakpoint
-- Adds members who joined on a day (or takes them away, with a negative count) to its row.
CREATE FUNCTION "user_days_add"("d" date, "r" text, "n" integer) RETURNS void LANGUAGE sql AS $$
	INSERT INTO "user_days" AS u ("day", "role", "users") VALUES ("d", "r", "n")
	ON CONFLICT ON CONSTRAINT "user_days_pkey" DO UPDATE SET "users" = u."users" + EXCLUDED."users";
$$;--> statement-breakpoint
-- A member counts on the UTC day they joined, under their role now. A change of either moves them,
-- the two rows locked in the order of their keys (as for the bookings' days).
CREATE FUNCTION "user_days_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	new_day date;
	old_day date;
BEGIN
	IF TG_OP <> 'DELETE' THEN
		new_day := (NEW."created_at" AT TIME ZONE 'UTC')::date;
	END IF;
	IF TG_OP <> 'INSERT' THEN
		old_day := (OLD."created_at" AT TIME ZONE 'UTC')::date;
	END IF;
	IF TG_OP = 'INSERT' THEN
		PERFORM "user_days_add"(new_day, NEW."role", 1);
	ELSIF TG_OP = 'DELETE' THEN
		PERFORM "user_days_add"(old_day, OLD."role", -1);
	ELSIF (new_day, NEW."role") < (old_day, OLD."role") THEN
		PERFORM "user_days_add"(new_day, NEW."role", 1);
		PERFORM "user_days_add"(old_day, OLD."role", -1);
	ELSIF (new_day, NEW."role") > (old_day, OLD."role") THEN
		PERFORM "user_days_add"(old_day, OLD."role", -1);
		PERFORM "user_days_add"(new_day, NEW."role", 1);
	END IF;
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "users_days" AFTER INSERT OR DELETE OR UPDATE OF "role", "created_at" ON "users"
	FOR EACH ROW EXECUTE FUNCTION "user_days_apply"();--> statement-breakpoint
INSERT INTO "user_days" ("day", "role", "users")
SELECT ("created_at" AT TIME ZONE 'UTC')::date, "role", count(*) FROM "users" GROUP BY 1, 2;--> statement-breakpoint
-- The planner's figures for the new tables from the start, not from the next analyze.
ANALYZE "booking_months", "user_days";
