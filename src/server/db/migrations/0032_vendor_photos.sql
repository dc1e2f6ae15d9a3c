-- Decision 075: the media storage's database adapter, the default: each variant's bytes once, by key.
CREATE TABLE "media_objects" (
	"key" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"etag" text NOT NULL,
	"size" integer NOT NULL,
	"bytes" bytea NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Decision 074: vendors' photos; the variants' bytes are in the media storage.
CREATE TABLE "vendor_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"vendor_profile_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"service_id" uuid,
	"alt" text,
	"position" integer DEFAULT 0 NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"variants" jsonb NOT NULL,
	"removal_reason" text,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendor_photos_kind_check" CHECK ("vendor_photos"."kind" in ('profile', 'cover', 'portfolio')),
	CONSTRAINT "vendor_photos_status_check" CHECK ("vendor_photos"."status" in ('pending', 'approved', 'removed')),
	CONSTRAINT "vendor_photos_alt_check" CHECK (char_length("vendor_photos"."alt") <= 200)
);
--> statement-breakpoint
ALTER TABLE "vendor_photos" ADD CONSTRAINT "vendor_photos_vendor_profile_id_vendor_profiles_id_fk" FOREIGN KEY ("vendor_profile_id") REFERENCES "public"."vendor_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_photos" ADD CONSTRAINT "vendor_photos_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vendor_photos_vendor_idx" ON "vendor_photos" USING btree ("vendor_profile_id","kind","position");--> statement-breakpoint
CREATE INDEX "vendor_photos_pending_idx" ON "vendor_photos" USING btree ("created_at") WHERE "vendor_photos"."status" = 'pending';
--> statement-breakpoint
-- Decision 026: the public lists show the approved photos, so a change of a photo drops them too.
CREATE TRIGGER vendor_photos_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON vendor_photos
  FOR EACH STATEMENT EXECUTE FUNCTION barrio_vendors_notify();
