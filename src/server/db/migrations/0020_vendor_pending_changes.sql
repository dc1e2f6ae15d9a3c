CREATE TABLE "vendor_profile_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"vendor_profile_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"changes" jsonb NOT NULL,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vendor_profiles" ADD COLUMN "pending_changes" jsonb;--> statement-breakpoint
ALTER TABLE "vendor_profiles" ADD COLUMN "pending_changes_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "vendor_profile_changes" ADD CONSTRAINT "vendor_profile_changes_vendor_profile_id_vendor_profiles_id_fk" FOREIGN KEY ("vendor_profile_id") REFERENCES "public"."vendor_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vendor_profile_changes_kind_created_idx" ON "vendor_profile_changes" USING btree ("kind","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "vendor_profile_changes_vendor_idx" ON "vendor_profile_changes" USING btree ("vendor_profile_id","created_at" DESC NULLS FIRST);