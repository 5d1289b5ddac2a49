-- A job, a block or a cancellation rechecks its days, but fills or frees one only now and then:
-- the read model's row is written only when its full days change. Written every time, each
-- booking added a version of the row to every index of provider_search, the text's GIN indexes
-- among them. The days are worked out first; the update merges them into the row as it is when
-- it runs (a concurrent change to other days is kept), and its condition skips an unchanged row.
CREATE FUNCTION "provider_days_merged"("kept" date[], "checked" date[], "full" date[]) RETURNS date[]
	LANGUAGE sql IMMUTABLE AS $$
	SELECT array(
		SELECT f FROM unnest("kept") AS f WHERE f <> ALL ("checked")
		UNION
		SELECT f FROM unnest("full") AS f
		ORDER BY 1)
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "provider_search_recheck"("pid" uuid, "days" date[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	"full" date[] := array(SELECT d FROM unnest("days") AS d WHERE "provider_day_full"("pid", d));
BEGIN
	UPDATE "provider_search" AS s SET "full_days" = "provider_days_merged"(s."full_days", "days", "full")
	WHERE s."provider_id" = "pid" AND s."full_days" IS DISTINCT FROM "provider_days_merged"(s."full_days", "days", "full");
END;
$$;
--> statement-breakpoint
-- The days a job's slots reach: its own, and the one before or after only when the job, with the
-- travel buffer on both sides, comes within two hours of midnight (an hour of slack for a night
-- the clocks change, an hour more to spare). A slot of the day before ends by midnight at the
-- latest, and one of the day after starts at midnight at the earliest, so a daytime job cannot
-- touch them: most jobs recheck one day instead of three.
CREATE FUNCTION "provider_job_days"("pid" uuid, "d" date, "t" text, "minutes" integer) RETURNS date[]
	LANGUAGE plpgsql STABLE AS $$
DECLARE
	"buffer" integer := coalesce(
		(SELECT greatest(p."buffer_minutes", 0) FROM "provider_profiles" AS p WHERE p."user_id" = "pid"), 0);
	"start" integer := split_part("t", ':', 1)::integer * 60 + split_part("t", ':', 2)::integer;
BEGIN
	RETURN array_remove(array[
		CASE WHEN "start" - "buffer" < 120 THEN "d" - 1 END,
		"d",
		CASE WHEN "start" + "minutes" + "buffer" > 1440 - 120 THEN "d" + 1 END], NULL);
END;
$$;--> statement-breakpoint
-- A provider worked out whole (a new working week, slot length, buffer or zone) looks at the same
-- days, so the list it makes is the one the jobs' and blocks' rechecks keep.
CREATE OR REPLACE FUNCTION "provider_full_days"("pid" uuid) RETURNS date[] LANGUAGE sql STABLE AS $$
	SELECT coalesce(array_agg(c."day" ORDER BY c."day"), '{}')
	FROM (
		SELECT unnest("provider_job_days"("pid", b."date", b."time", b."duration_minutes")) AS "day"
		FROM "bookings" AS b
		WHERE b."provider_id" = "pid" AND b."status" IN ('awaiting_payment', 'requested', 'accepted')
		UNION
		SELECT k."day" FROM "time_blocks" AS k WHERE k."provider_id" = "pid"
	) AS c
	WHERE "provider_day_full"("pid", c."day")
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "provider_search_follow_days"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_TABLE_NAME = 'bookings' THEN
		IF TG_OP <> 'INSERT' AND OLD."status" IN ('awaiting_payment', 'requested', 'accepted') THEN
			PERFORM "provider_search_recheck"(OLD."provider_id",
				"provider_job_days"(OLD."provider_id", OLD."date", OLD."time", OLD."duration_minutes"));
		END IF;
		IF TG_OP <> 'DELETE' AND NEW."status" IN ('awaiting_payment', 'requested', 'accepted') THEN
			PERFORM "provider_search_recheck"(NEW."provider_id",
				"provider_job_days"(NEW."provider_id", NEW."date", NEW."time", NEW."duration_minutes"));
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
-- A card booking waiting for its payment holds its slot (0035): it fills a day like a request.
CREATE OR REPLACE FUNCTION "provider_day_full"("pid" uuid, "d" date) RETURNS boolean LANGUAGE plpgsql STABLE AS $$
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
			WHERE b."provider_id" = "pid" AND b."status" IN ('awaiting_payment', 'requested', 'accepted')
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
$$;
