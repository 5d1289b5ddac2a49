-- Ending a session ends the live streams it opened (GET /v1/live), on every server instance:
-- whatever statement deletes a session (logout, a block, a password reset, a purge, a cascade from
-- users), in whatever transaction, tells the live hub's channel, and PostgreSQL delivers it to
-- every listening instance once the transaction commits (not at all if it rolls back). The payload
-- {"s": session id} is the hub's session-end message (src/server/platform/live.ts).
-- Rows already past expires_at are left out: each stream ends itself when its session expires,
-- and a purge of old sessions must not flood the channel.
CREATE FUNCTION "sessions_notify_end"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('doorstep_live', json_build_object('s', OLD."id")::text);
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "sessions_notify_end" AFTER DELETE ON "sessions"
	FOR EACH ROW WHEN (OLD."expires_at" > now()) EXECUTE FUNCTION "sessions_notify_end"();
