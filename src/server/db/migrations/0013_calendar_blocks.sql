-- The provider calendar: time ranges taken out of a day's bookable hours (a whole day stays a day off).
CREATE TABLE "time_blocks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider_id" uuid NOT NULL,
	"day" date NOT NULL,
	"start_minute" smallint NOT NULL,
	"end_minute" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "time_blocks_range" CHECK ("time_blocks"."start_minute" >= 0 and "time_blocks"."end_minute" <= 1440 and "time_blocks"."start_minute" < "time_blocks"."end_minute")
);
--> statement-breakpoint
ALTER TABLE "time_blocks" ADD CONSTRAINT "time_blocks_provider_id_users_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "time_blocks_provider_day_idx" ON "time_blocks" USING btree ("provider_id","day");