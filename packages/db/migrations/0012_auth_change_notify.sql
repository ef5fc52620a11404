-- A signed-in user's session and account rows changed (signed out, suspended, renamed, deleted):
-- every server instance hears of it at commit and drops what it had read of that user's
-- sessions (apps/server/src/plugins/auth/session-cache.ts). The payload is the user's id.
CREATE FUNCTION "auth_changed_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('auth_changed', to_jsonb(OLD) ->> TG_ARGV[0]);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "users_auth_changed" AFTER UPDATE OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "auth_changed_notify"('id');--> statement-breakpoint
CREATE TRIGGER "sessions_auth_changed" AFTER UPDATE OR DELETE ON "sessions"
  FOR EACH ROW EXECUTE FUNCTION "auth_changed_notify"('user_id');
