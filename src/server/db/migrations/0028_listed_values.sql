ALTER TABLE "booking_events" ADD CONSTRAINT "booking_events_status" CHECK (status in ('requested', 'accepted', 'declined', 'completed', 'cancelled', 'expired'));--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_status" CHECK (status in ('requested', 'accepted', 'declined', 'completed', 'cancelled', 'expired'));--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_payment" CHECK (payment in ('cash', 'wallet'));--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_city" CHECK (city in ('austin', 'dallas', 'nyc'));--> statement-breakpoint
ALTER TABLE "codes" ADD CONSTRAINT "codes_purpose" CHECK (purpose in ('register', 'login', 'verify_email', 'reset_password', 'verify_phone', 'change_phone', 'change_email'));--> statement-breakpoint
ALTER TABLE "distributions" ADD CONSTRAINT "distributions_type" CHECK (transaction_type in ('profit', 'loss'));--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_channel" CHECK (channel in ('sms', 'email'));--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_status" CHECK (status in ('pending', 'sending', 'sent', 'failed'));--> statement-breakpoint
ALTER TABLE "pending_contacts" ADD CONSTRAINT "pending_contacts_kind" CHECK (kind in ('phone', 'email'));--> statement-breakpoint
ALTER TABLE "provider_prices" ADD CONSTRAINT "provider_prices_unit" CHECK (unit in ('visit', 'hour'));--> statement-breakpoint
ALTER TABLE "provider_profiles" ADD CONSTRAINT "provider_profiles_city" CHECK (city in ('austin', 'dallas', 'nyc'));--> statement-breakpoint
ALTER TABLE "support_messages" ADD CONSTRAINT "support_messages_status" CHECK (status in ('pending', 'replied'));--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_status" CHECK (status in ('pending', 'resolved'));--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_type" CHECK (type in ('deposit', 'withdraw', 'adminProfit', 'invest', 'divest', 'payment', 'earning'));--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_status" CHECK (status in ('0', '1', '-1', '3'));--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_profit_loss" CHECK (profit_loss in ('profit', 'loss'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role" CHECK (role in ('customer', 'provider', 'admin'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_status" CHECK (status in ('0', '1'));