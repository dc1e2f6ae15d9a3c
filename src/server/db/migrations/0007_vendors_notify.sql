-- Custom SQL migration file, put your code below! --
-- Decision 026: every statement that changes vendor_profiles or services is published on the
-- channel `barrio_vendors`, so that each instance drops its cached public vendor lists at once,
-- whichever instance (or tool) made the change. NOTIFY is delivered at commit, never for a
-- rollback, and repeats within one transaction are folded into one.
CREATE OR REPLACE FUNCTION barrio_vendors_notify() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('barrio_vendors', '');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER vendor_profiles_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON vendor_profiles
  FOR EACH STATEMENT EXECUTE FUNCTION barrio_vendors_notify();
--> statement-breakpoint
CREATE TRIGGER services_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON services
  FOR EACH STATEMENT EXECUTE FUNCTION barrio_vendors_notify();
