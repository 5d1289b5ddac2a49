CREATE TABLE "card_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"amount_cents" integer NOT NULL,
	"charged_cents" integer DEFAULT 0 NOT NULL,
	"session_id" text,
	"pay_url" text,
	"payment_intent_id" text,
	"hold_until" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_payments_booking_id_unique" UNIQUE("booking_id"),
	CONSTRAINT "card_payments_session_id_unique" UNIQUE("session_id"),
	CONSTRAINT "card_payments_amounts" CHECK ("card_payments"."amount_cents" > 0 and "card_payments"."charged_cents" between 0 and "card_payments"."amount_cents"),
	CONSTRAINT "card_payments_status" CHECK (status in ('open', 'authorized', 'capturing', 'captured', 'releasing', 'released', 'expired'))
);
--> statement-breakpoint
ALTER TABLE "booking_events" DROP CONSTRAINT "booking_events_status";--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_status";--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_payment";--> statement-breakpoint
DROP INDEX "bookings_active_slot_key";--> statement-breakpoint
ALTER TABLE "card_payments" ADD CONSTRAINT "card_payments_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_payments_due_idx" ON "card_payments" USING btree ("due_at") WHERE "card_payments"."due_at" is not null;--> statement-breakpoint
CREATE INDEX "card_payments_open_idx" ON "card_payments" USING btree ("hold_until") WHERE "card_payments"."status" = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_active_slot_key" ON "bookings" USING btree ("provider_id","date","time") WHERE "bookings"."status" in ('awaiting_payment', 'requested', 'accepted');--> statement-breakpoint
ALTER TABLE "booking_events" ADD CONSTRAINT "booking_events_status" CHECK (status in ('requested', 'accepted', 'declined', 'completed', 'cancelled', 'expired', 'awaiting_payment'));--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_status" CHECK (status in ('requested', 'accepted', 'declined', 'completed', 'cancelled', 'expired', 'awaiting_payment'));--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_payment" CHECK (payment in ('cash', 'wallet', 'card'));--> statement-breakpoint
-- A card booking being paid for keeps its time from others like a request: no other active job
-- may overlap it either. (Search's full days count it only once it is a request: a hold of minutes.)
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_no_overlap";--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_no_overlap" EXCLUDE USING gist (
	"provider_id" WITH =,
	int4range(
		("date" - DATE '2000-01-01') * 1440 + left("time", 2)::int * 60 + right("time", 2)::int,
		("date" - DATE '2000-01-01') * 1440 + left("time", 2)::int * 60 + right("time", 2)::int + "duration_minutes"
	) WITH &&
) WHERE ("status" IN ('awaiting_payment', 'requested', 'accepted'));
