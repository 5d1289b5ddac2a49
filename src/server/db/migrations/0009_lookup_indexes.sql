CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "users_image_idx" ON "users" USING btree ("image") WHERE "users"."image" is not null;