ALTER TABLE "notifications" ADD COLUMN "key" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "html" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "ics" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "key" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "status" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "last_error" text;--> statement-breakpoint
-- Rows written before the queue existed were handled inline: never deliver them again.
UPDATE "outbox" SET "status" = 'sent', "sent_at" = "created_at";--> statement-breakpoint
CREATE INDEX "outbox_due_idx" ON "outbox" USING btree ("next_attempt_at") WHERE "outbox"."status" in ('pending', 'sending');--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_key_unique" UNIQUE("key");--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_key_unique" UNIQUE("key");