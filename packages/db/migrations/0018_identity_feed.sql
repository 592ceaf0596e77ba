-- The identity feed (issue 20, docs/decisions/011-change-feed.md): every server instance keeps live sessions
-- in memory and must forget one the moment it stops being valid, whoever changed it (another instance, the
-- CLI). A committed change to what authentication reads announces the user's uid on brigade_identity:
-- a session revoked or deleted, a user changed or deleted (deactivation, site role, password), a tenant
-- assignment added, changed or removed (role, active). Touching a session (its idle deadline) is not
-- announced: an instance that finds its copy idle-expired asks the database again.
CREATE FUNCTION "brigade_note_identity_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed_user text;
BEGIN
  IF TG_OP = 'DELETE' THEN
    changed_user := OLD.user_uid;
  ELSE
    changed_user := NEW.user_uid;
  END IF;
  PERFORM pg_notify('brigade_identity', changed_user);
  IF TG_OP = 'UPDATE' AND OLD.user_uid IS DISTINCT FROM NEW.user_uid THEN
    PERFORM pg_notify('brigade_identity', OLD.user_uid);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "brigade_note_user_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('brigade_identity', OLD.uid);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "sessions_revoked_identity_feed" AFTER UPDATE ON "sessions" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at) EXECUTE FUNCTION "brigade_note_identity_change"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "sessions_deleted_identity_feed" AFTER DELETE ON "sessions" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "brigade_note_identity_change"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "tenant_assignments_identity_feed" AFTER INSERT OR UPDATE OR DELETE ON "tenant_assignments" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "brigade_note_identity_change"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "users_identity_feed" AFTER UPDATE OR DELETE ON "users" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "brigade_note_user_change"();
