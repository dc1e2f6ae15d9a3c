-- Custom SQL migration file, put your code below! --
-- ARCHITECTURE §9, §11: every new or re-statused row of `messages` is published on the channel
-- `barrio_messages` (payload: the row's id), so that each instance's SSE stream shows it live —
-- including rows another instance wrote. NOTIFY is delivered at commit, never for a rollback.
CREATE OR REPLACE FUNCTION barrio_messages_notify() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('barrio_messages', NEW.id::text);
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER messages_notify_insert AFTER INSERT ON messages
  FOR EACH ROW EXECUTE FUNCTION barrio_messages_notify();
--> statement-breakpoint
CREATE TRIGGER messages_notify_status AFTER UPDATE OF status ON messages
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION barrio_messages_notify();
