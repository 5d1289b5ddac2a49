CREATE TABLE "booking_moves" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"from_date" date NOT NULL,
	"from_time" text NOT NULL,
	"to_date" date NOT NULL,
	"to_time" text NOT NULL,
	"moved_by" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "booking_moves" ADD CONSTRAINT "booking_moves_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_moves" ADD CONSTRAINT "booking_moves_moved_by_users_id_fk" FOREIGN KEY ("moved_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_moves_booking_idx" ON "booking_moves" USING btree ("booking_id","at");--> statement-breakpoint
-- Until now a move was written down only in the notice its provider was sent, in the same
-- transaction: those notices are the moves made so far (only a booking's customer moves it).
INSERT INTO "booking_moves" ("booking_id", "from_date", "from_time", "to_date", "to_time", "moved_by", "at")
SELECT b."id", (n."data"->>'fromDate')::date, n."data"->>'fromTime', (n."data"->>'date')::date, n."data"->>'time',
       b."customer_id", n."created_at"
FROM "notifications" n
JOIN "bookings" b ON b."id"::text = n."data"->>'bookingId'
WHERE n."data"->>'notice' = 'bookingMoved' AND n."data" ? 'fromDate' AND n."data" ? 'fromTime';
