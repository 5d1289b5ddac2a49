-- A provider's job reminders named the customer's street, and stayed in the provider's list after
-- the days it may see it (a declined, cancelled or long-finished job). They no longer do; the ones
-- written before lose the street from their text and their data.
UPDATE "notifications"
SET "data" = "data" - 'address',
    "message" = regexp_replace("message", ', at .*\.$', '.')
WHERE "data"->>'notice' = 'jobReminder' AND "data" ? 'address';
