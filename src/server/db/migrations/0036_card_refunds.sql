CREATE TABLE "card_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"card_payment_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"refund_id" text,
	"admin_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_refunds_amount_positive" CHECK ("card_refunds"."amount_cents" > 0),
	CONSTRAINT "card_refunds_status" CHECK (status in ('pending', 'succeeded', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "card_payments" DROP CONSTRAINT "card_payments_amounts";--> statement-breakpoint
ALTER TABLE "card_payments" ADD COLUMN "refunded_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "card_payments" ADD COLUMN "attention" text;--> statement-breakpoint
ALTER TABLE "card_refunds" ADD CONSTRAINT "card_refunds_card_payment_id_card_payments_id_fk" FOREIGN KEY ("card_payment_id") REFERENCES "public"."card_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_refunds" ADD CONSTRAINT "card_refunds_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_refunds_payment_idx" ON "card_refunds" USING btree ("card_payment_id","created_at");--> statement-breakpoint
CREATE INDEX "card_payments_attention_idx" ON "card_payments" USING btree ("booking_id") WHERE "card_payments"."attention" is not null;--> statement-breakpoint
ALTER TABLE "card_payments" ADD CONSTRAINT "card_payments_attention" CHECK (attention in ('disputed', 'refused'));--> statement-breakpoint
ALTER TABLE "card_payments" ADD CONSTRAINT "card_payments_amounts" CHECK ("card_payments"."amount_cents" > 0 and "card_payments"."charged_cents" between 0 and "card_payments"."amount_cents" and "card_payments"."refunded_cents" between 0 and "card_payments"."charged_cents");