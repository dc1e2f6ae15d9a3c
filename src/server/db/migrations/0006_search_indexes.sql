-- Custom SQL migration file, put your code below! --
-- Decision 024. A search within a category (`service_category = ANY(…) AND business_name ILIKE …`)
-- found its candidates through the name's trigrams alone and read each of them from the table:
-- 2,267 table pages for 89 matches at 100,000 vendors. One GIN index over both columns (btree_gin
-- indexes the plain text column) answers both conditions before any row is read; a search without a
-- category uses its business_name part alone, so it replaces the name-only trigram index.
CREATE EXTENSION IF NOT EXISTS btree_gin;
--> statement-breakpoint
DROP INDEX IF EXISTS "vendor_profiles_business_name_trgm_idx";
--> statement-breakpoint
-- A GIN index keeps new entries in an unsorted pending list that every search reads in full until
-- VACUUM merges it (gin_pending_list_limit, 4 MB by default), and PGlite has no autovacuum: after the
-- 100,000-vendor seed a search for a rare word read 2.4 MB of it (15–29 ms instead of 0.2 ms).
-- 64 kB keeps merges batched (the seed is no slower) and the list short.
CREATE INDEX IF NOT EXISTS "vendor_profiles_category_name_trgm_idx" ON "vendor_profiles"
  USING gin ("service_category", "business_name" gin_trgm_ops) WITH (gin_pending_list_limit = 64);
--> statement-breakpoint
ALTER INDEX "vendor_profiles_service_category_trgm_idx" SET (gin_pending_list_limit = 64);
