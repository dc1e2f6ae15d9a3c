ALTER TABLE "vendor_profiles" ADD COLUMN "review_message" text;--> statement-breakpoint
ALTER TABLE "vendor_profiles" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "vendor_profiles_approved_created_idx" ON "vendor_profiles" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "vendor_profiles"."application_status" = 'approved';