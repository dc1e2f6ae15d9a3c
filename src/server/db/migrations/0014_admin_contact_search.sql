-- Custom SQL migration file, put your code below! --
-- Issue 25 (decision 016, addendum): the admin's vendor search matches a part of an email ("@plomeria",
-- "buho@") or of a phone's digits ("5512"), as ILIKE on the very expressions indexed here. The email
-- is citext, whose ILIKE no trigram index serves: the index is on its text. Short pending lists as in
-- migration 0006 (PGlite has no autovacuum).
CREATE INDEX IF NOT EXISTS "vendor_profiles_business_email_trgm_idx" ON "vendor_profiles"
  USING gin (("business_email"::text) gin_trgm_ops) WITH (gin_pending_list_limit = 64);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "vendor_profiles_business_phone_trgm_idx" ON "vendor_profiles"
  USING gin ("business_phone" gin_trgm_ops) WITH (gin_pending_list_limit = 64);
