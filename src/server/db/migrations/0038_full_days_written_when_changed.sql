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
