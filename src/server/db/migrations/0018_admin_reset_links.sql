CREATE TABLE "admin_reset_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "admin_reset_links" ADD CONSTRAINT "admin_reset_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "admin_reset_links_token_hash_key" ON "admin_reset_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "admin_reset_links_user_idx" ON "admin_reset_links" USING btree ("user_id");