-- Checkout: providers' price lists, the marketplace's fee and cancellation terms, each booking's
-- price and payment, a timeline of its statuses, wallet holds for bookings paid from the wallet,
-- and offers that work as coupons.
CREATE TABLE "booking_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"status" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marketplace_settings" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"fee_basis_points" integer DEFAULT 1000 NOT NULL,
	"cancellation_fee_cents" integer DEFAULT 0 NOT NULL,
	"updated_by_admin_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "marketplace_settings_one_row" CHECK ("marketplace_settings"."id"),
	CONSTRAINT "marketplace_settings_range" CHECK ("marketplace_settings"."fee_basis_points" between 0 and 5000 and "marketplace_settings"."cancellation_fee_cents" between 0 and 100000)
);
--> statement-breakpoint
CREATE TABLE "provider_prices" (
	"provider_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	"price_cents" integer NOT NULL,
	"unit" text NOT NULL,
	"duration_minutes" smallint NOT NULL,
	CONSTRAINT "provider_prices_provider_id_category_id_pk" PRIMARY KEY("provider_id","category_id"),
	CONSTRAINT "provider_prices_range" CHECK ("provider_prices"."price_cents" > 0 and "provider_prices"."duration_minutes" between 15 and 720)
);
--> statement-breakpoint
ALTER TABLE "wallets" DROP CONSTRAINT "wallets_nonneg";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "hours" smallint;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "duration_minutes" smallint DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "service_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "fee_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "total_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "payment" text DEFAULT 'cash' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "offer_id" uuid;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "cancellation_fee_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "cancellation_charged_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "category_id" uuid;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "discount_basis_points" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "booking_id" uuid;--> statement-breakpoint
ALTER TABLE "wallets" ADD COLUMN "held_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
INSERT INTO "marketplace_settings" ("id") VALUES (true) ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Bookings made before checkout were priced at the provider's charges, paid in cash, without a fee.
UPDATE "bookings" SET "service_cents" = "charges_cents", "total_cents" = "charges_cents";--> statement-breakpoint
INSERT INTO "booking_events" ("booking_id", "status", "at") SELECT "id", 'requested', "created_at" FROM "bookings";--> statement-breakpoint
INSERT INTO "booking_events" ("booking_id", "status", "at") SELECT "id", "status", "updated_at" FROM "bookings" WHERE "status" <> 'requested';--> statement-breakpoint
ALTER TABLE "booking_events" ADD CONSTRAINT "booking_events_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_settings" ADD CONSTRAINT "marketplace_settings_updated_by_admin_id_users_id_fk" FOREIGN KEY ("updated_by_admin_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_prices" ADD CONSTRAINT "provider_prices_service_fk" FOREIGN KEY ("provider_id","category_id") REFERENCES "public"."provider_services"("provider_id","category_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_events_booking_idx" ON "booking_events" USING btree ("booking_id","at");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_booking_key" ON "transactions" USING btree ("booking_id","type") WHERE "transactions"."booking_id" is not null;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_price_sum" CHECK ("bookings"."service_cents" >= 0 and "bookings"."fee_cents" >= 0 and "bookings"."discount_cents" between 0 and "bookings"."service_cents" and "bookings"."total_cents" = "bookings"."service_cents" + "bookings"."fee_cents" - "bookings"."discount_cents" and "bookings"."cancellation_fee_cents" >= 0 and "bookings"."cancellation_charged_cents" between 0 and "bookings"."total_cents");--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_discount_range" CHECK ("offers"."discount_cents" >= 0 and "offers"."discount_basis_points" between 0 and 10000 and ("offers"."discount_cents" = 0 or "offers"."discount_basis_points" = 0));--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_nonneg" CHECK ("wallets"."amount_cents" >= 0 and "wallets"."low_risk_cents" >= 0 and "wallets"."high_risk_cents" >= 0 and "wallets"."reserved_cents" >= 0 and "wallets"."held_cents" >= 0 and "wallets"."deposit_cents" >= 0 and "wallets"."withdraw_cents" >= 0);