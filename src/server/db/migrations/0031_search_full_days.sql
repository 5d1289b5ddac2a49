ALTER TABLE "provider_search" ADD COLUMN "full_days" date[] DEFAULT '{}'::date[] NOT NULL;--> statement-breakpoint
-- Availability as data: the read model keeps, per provider, the days it works (hours that
-- weekday, not off) on which its jobs and blocks leave no slot, so "free on a date" is a condition
-- on a column. A day is worked out by the same rules as slots.ts (freeSlotTimes, for a job of one
-- slot, leaving out the clock: a day that is only partly past is still checked on the page). Local
-- times are the provider's zone; a start that does not exist (the hour skipped when clocks go
-- forward) is no slot, and a job's span with its travel buffer is compared as instants, so
-- neighbouring days' jobs count.
CREATE FUNCTION "provider_day_full"("pid" uuid, "d" date) RETURNS boolean LANGUAGE plpgsql STABLE AS $$
BEGIN
	RETURN (
		WITH "provider" AS (
			SELECT p."time_zone" AS "zone", p."slot_minutes" AS "slot", greatest(p."buffer_minutes", 0) AS "buffer"
			FROM "provider_profiles" AS p WHERE p."user_id" = "pid" AND p."slot_minutes" > 0
		), "worked" AS (
			SELECT h."start_minute", h."end_minute" FROM "working_hours" AS h
			WHERE h."provider_id" = "pid" AND h."weekday" = extract(dow FROM "d")
			UNION ALL
			-- No hours configured at all: 09:00-18:00 every day.
			SELECT 540, 1080 WHERE NOT EXISTS (SELECT 1 FROM "working_hours" AS h WHERE h."provider_id" = "pid")
		), "jobs" AS MATERIALIZED (
			-- Each active job of the day and the days either side, as instants, widened by the buffer.
			SELECT j."start" - make_interval(mins => pr."buffer") AS "from",
				j."start" + make_interval(mins => b."duration_minutes" + pr."buffer") AS "to"
			FROM "provider" AS pr
			CROSS JOIN "bookings" AS b
			CROSS JOIN LATERAL (SELECT b."date" + b."time"::time AS "local") AS l
			CROSS JOIN LATERAL (SELECT l."local" AT TIME ZONE pr."zone" AS "start") AS j
			WHERE b."provider_id" = "pid" AND b."status" IN ('requested', 'accepted')
				AND b."date" BETWEEN "d" - 1 AND "d" + 1
				AND j."start" AT TIME ZONE pr."zone" = l."local"
		)
		SELECT EXISTS (SELECT 1 FROM "worked")
			AND NOT EXISTS (SELECT 1 FROM "days_off" AS o WHERE o."provider_id" = "pid" AND o."day" = "d")
			AND NOT EXISTS (
				SELECT 1
				FROM "provider" AS pr
				CROSS JOIN "worked" AS w
				CROSS JOIN LATERAL generate_series(w."start_minute", w."end_minute" - pr."slot", pr."slot") AS m
				CROSS JOIN LATERAL (SELECT "d" + make_interval(mins => m) AS "local") AS l
				CROSS JOIN LATERAL (SELECT l."local" AT TIME ZONE pr."zone" AS "start") AS s
				WHERE NOT EXISTS (SELECT 1 FROM "time_blocks" AS k WHERE k."provider_id" = "pid" AND k."day" = "d"
						AND m < k."end_minute" AND k."start_minute" < m + pr."slot")
					AND s."start" AT TIME ZONE pr."zone" = l."local"
					AND NOT EXISTS (SELECT 1 FROM "jobs" AS j
						WHERE s."start" < j."to" AND j."from" < s."start" + make_interval(mins => pr."slot"))));
END;
$$;--> statement-breakpoint
-- Every full day of a provider, in order: only a day with a job (or next to one) or a block can be
-- full. Days gone by are forgotten by the job queue's housekeeping, which knows the time.
CREATE FUNCTION "provider_full_days"("pid" uuid) RETURNS date[] LANGUAGE sql STABLE AS $$
	SELECT coalesce(array_agg(c."day" ORDER BY c."day"), '{}')
	FROM (
		SELECT b."date" + n AS "day"
		FROM "bookings" AS b, generate_series(-1, 1) AS n
		WHERE b."provider_id" = "pid" AND b."status" IN ('requested', 'accepted')
		UNION
		SELECT k."day" FROM "time_blocks" AS k WHERE k."provider_id" = "pid"
	) AS c
	WHERE "provider_day_full"("pid", c."day")
$$;--> statement-breakpoint
-- Works out some days of a provider again. The functions a trigger calls are PL/pgSQL, whose
-- plans a session keeps (an SQL function's are made again at every call, which cost more than
-- running them).
CREATE FUNCTION "provider_search_recheck"("pid" uuid, "days" date[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "provider_search" AS s SET "full_days" = array(
		SELECT f FROM unnest(s."full_days") AS f WHERE f <> ALL ("days")
		UNION
		SELECT d FROM unnest("days") AS d WHERE "provider_day_full"("pid", d)
		ORDER BY 1)
	WHERE s."provider_id" = "pid";
END;
$$;--> statement-breakpoint
-- An active job changes its day and the days either side (its buffer reaches past midnight); a
-- block changes its day; working hours change every day.
CREATE FUNCTION "provider_search_follow_days"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_TABLE_NAME = 'bookings' THEN
		IF TG_OP <> 'INSERT' AND OLD."status" IN ('requested', 'accepted') THEN
			PERFORM "provider_search_recheck"(OLD."provider_id", array[OLD."date" - 1, OLD."date", OLD."date" + 1]);
		END IF;
		IF TG_OP <> 'DELETE' AND NEW."status" IN ('requested', 'accepted') THEN
			PERFORM "provider_search_recheck"(NEW."provider_id", array[NEW."date" - 1, NEW."date", NEW."date" + 1]);
		END IF;
	ELSIF TG_TABLE_NAME = 'time_blocks' THEN
		IF TG_OP <> 'INSERT' THEN PERFORM "provider_search_recheck"(OLD."provider_id", array[OLD."day"]); END IF;
		IF TG_OP <> 'DELETE' THEN PERFORM "provider_search_recheck"(NEW."provider_id", array[NEW."day"]); END IF;
	ELSE
		IF TG_OP <> 'INSERT' THEN
			UPDATE "provider_search" SET "full_days" = "provider_full_days"(OLD."provider_id") WHERE "provider_id" = OLD."provider_id";
		END IF;
		IF TG_OP <> 'DELETE' THEN
			UPDATE "provider_search" SET "full_days" = "provider_full_days"(NEW."provider_id") WHERE "provider_id" = NEW."provider_id";
		END IF;
	END IF;
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "bookings_read_model" AFTER INSERT OR DELETE OR UPDATE OF "provider_id", "status", "date", "time", "duration_minutes" ON "bookings"
	FOR EACH ROW EXECUTE FUNCTION "provider_search_follow_days"();--> statement-breakpoint
CREATE TRIGGER "time_blocks_read_model" AFTER INSERT OR DELETE OR UPDATE ON "time_blocks"
	FOR EACH ROW EXECUTE FUNCTION "provider_search_follow_days"();--> statement-breakpoint
CREATE TRIGGER "working_hours_read_model" AFTER INSERT OR DELETE OR UPDATE ON "working_hours"
	FOR EACH ROW EXECUTE FUNCTION "provider_search_follow_days"();--> statement-breakpoint
-- A listed provider's row is written whole, its full days with it; the slot length, the buffer
-- and the zone now change it too.
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
$$;--> statement-breakpoint
DROP TRIGGER "provider_profiles_read_model" ON "provider_profiles";--> statement-breakpoint
CREATE TRIGGER "provider_profiles_read_model" AFTER UPDATE ON "provider_profiles"
	FOR EACH ROW
	WHEN ((OLD."listed", OLD."city", OLD."lat", OLD."lng", OLD."radius_km", OLD."charges_cents", OLD."rating_sum",
		OLD."review_count", OLD."search_name", OLD."search_services", OLD."search_about", OLD."category_ids",
		OLD."work_days", OLD."slot_minutes", OLD."buffer_minutes", OLD."time_zone") IS DISTINCT FROM (NEW."listed",
		NEW."city", NEW."lat", NEW."lng", NEW."radius_km", NEW."charges_cents", NEW."rating_sum", NEW."review_count",
		NEW."search_name", NEW."search_services", NEW."search_about", NEW."category_ids", NEW."work_days",
		NEW."slot_minutes", NEW."buffer_minutes", NEW."time_zone"))
	EXECUTE FUNCTION "provider_search_follow_row"();--> statement-breakpoint
UPDATE "provider_search" SET "full_days" = "provider_full_days"("provider_id");
