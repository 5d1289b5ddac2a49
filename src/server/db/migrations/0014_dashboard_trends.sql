-- The dashboard's trends and Total Business read the bookings of a range of days.
CREATE INDEX "bookings_date_idx" ON "bookings" USING btree ("date");