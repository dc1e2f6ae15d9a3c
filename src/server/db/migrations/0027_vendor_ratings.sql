-- Decision 067: a vendor's rating lives in a narrow table of its own, one row per vendor, so that a
-- review never rewrites the wide vendor_profiles row (which moved it to another page and gave every
-- index of the table a new entry, making the lists' newest-first walks touch up to 130% more pages).
-- The row carries copies of what "best rated" filters and orders on (approved, category, created_at),
-- kept by triggers on vendor_profiles, so that its pages walk one index of this table.
CREATE TABLE "vendor_ratings" (
	"vendor_profile_id" uuid PRIMARY KEY NOT NULL,
	"approved" boolean NOT NULL,
	"service_category" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"rating_count" integer DEFAULT 0 NOT NULL,
	"rating_sum" integer DEFAULT 0 NOT NULL,
	"rating_score" double precision GENERATED ALWAYS AS ((3.5 * 5 + rating_sum)::double precision / (5 + rating_count)) STORED NOT NULL,
	CONSTRAINT "vendor_ratings_rating_check" CHECK ("vendor_ratings"."rating_count" >= 0 and "vendor_ratings"."rating_sum" between "vendor_ratings"."rating_count" and 5 * "vendor_ratings"."rating_count")
);
--> statement-breakpoint
ALTER TABLE "vendor_ratings" ADD CONSTRAINT "vendor_ratings_vendor_profile_id_vendor_profiles_id_fk" FOREIGN KEY ("vendor_profile_id") REFERENCES "public"."vendor_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "vendor_ratings" ("vendor_profile_id", "approved", "service_category", "created_at", "rating_count", "rating_sum")
	SELECT "id", "application_status" = 'approved', "service_category", "created_at", "rating_count", "rating_sum" FROM "vendor_profiles";--> statement-breakpoint
CREATE INDEX "vendor_ratings_approved_score_idx" ON "vendor_ratings" USING btree ("rating_score" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"vendor_profile_id" DESC NULLS FIRST) WHERE "vendor_ratings"."approved";--> statement-breakpoint
CREATE INDEX "vendor_ratings_approved_category_score_idx" ON "vendor_ratings" USING btree ("service_category","rating_score" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"vendor_profile_id" DESC NULLS FIRST) WHERE "vendor_ratings"."approved";--> statement-breakpoint
ALTER TABLE "vendor_profiles" DROP CONSTRAINT "vendor_profiles_rating_check";--> statement-breakpoint
ALTER TABLE "vendor_profiles" DROP COLUMN "rating_score";--> statement-breakpoint
ALTER TABLE "vendor_profiles" DROP COLUMN "rating_count";--> statement-breakpoint
ALTER TABLE "vendor_profiles" DROP COLUMN "rating_sum";--> statement-breakpoint
-- Every vendor has its row from the moment it exists; the copies follow the vendor's own columns.
CREATE OR REPLACE FUNCTION barrio_vendor_ratings_follow() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO vendor_ratings (vendor_profile_id, approved, service_category, created_at)
    VALUES (NEW.id, NEW.application_status = 'approved', NEW.service_category, NEW.created_at);
  ELSE
    UPDATE vendor_ratings
    SET approved = NEW.application_status = 'approved', service_category = NEW.service_category,
        created_at = NEW.created_at
    WHERE vendor_profile_id = NEW.id;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER vendor_profiles_ratings_insert AFTER INSERT ON vendor_profiles
  FOR EACH ROW EXECUTE FUNCTION barrio_vendor_ratings_follow();
--> statement-breakpoint
CREATE TRIGGER vendor_profiles_ratings_update AFTER UPDATE OF application_status, service_category, created_at ON vendor_profiles
  FOR EACH ROW WHEN (OLD.application_status IS DISTINCT FROM NEW.application_status
    OR OLD.service_category IS DISTINCT FROM NEW.service_category OR OLD.created_at IS DISTINCT FROM NEW.created_at)
  EXECUTE FUNCTION barrio_vendor_ratings_follow();
--> statement-breakpoint
-- A rating shows on the cards: a change empties the cached public lists as a vendor's does (decision 026).
CREATE TRIGGER vendor_ratings_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON vendor_ratings
  FOR EACH STATEMENT EXECUTE FUNCTION barrio_vendors_notify();
