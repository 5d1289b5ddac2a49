-- Two active jobs of one provider never overlap, whatever their start times: the database stands
-- behind the slot rules (which also keep a travel buffer between jobs) and the per-day locks. A
-- job's span is counted in minutes of its own clock (the provider's local date and time) from
-- 2000-01-01, so the expression is immutable and can be indexed; a provider's jobs share a zone.
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_no_overlap" EXCLUDE USING gist (
	"provider_id" WITH =,
	int4range(
		("date" - DATE '2000-01-01') * 1440 + left("time", 2)::int * 60 + right("time", 2)::int,
		("date" - DATE '2000-01-01') * 1440 + left("time", 2)::int * 60 + right("time", 2)::int + "duration_minutes"
	) WITH &&
) WHERE ("status" IN ('requested', 'accepted'));
