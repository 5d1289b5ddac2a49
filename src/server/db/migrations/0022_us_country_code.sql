ALTER TABLE "users" ALTER COLUMN "country_code" SET DEFAULT '+1';--> statement-breakpoint
-- No form ever asked for a country: every account got +91 (the column's default, or the sign-up
-- form's fixed value), while its codes were texted to a ten-digit number as +1. Such a number was
-- never meant as Indian; numbers of another length keep what they have.
UPDATE "users" SET "country_code" = '+1' WHERE "country_code" = '+91' AND "phone" ~ '^[0-9]{10}$';
