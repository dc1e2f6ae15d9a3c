-- Decision 090: a vendor's time off, which the availability engine keeps free of slots.
CREATE TABLE "vendor_time_off" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"vendor_profile_id" uuid NOT NULL,
	"start_tz" timestamp with time zone NOT NULL,
	"end_tz" timestamp with time zone NOT NULL,
	"all_day" boolean NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendor_time_off_range_check" CHECK ("vendor_time_off"."end_tz" > "vendor_time_off"."start_tz"),
	CONSTRAINT "vendor_time_off_reason_check" CHECK (char_length("vendor_time_off"."reason") <= 200)
);
--> statement-breakpoint
ALTER TABLE "vendor_time_off" ADD CONSTRAINT "vendor_time_off_vendor_profile_id_vendor_profiles_id_fk" FOREIGN KEY ("vendor_profile_id") REFERENCES "public"."vendor_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The engine reads a vendor's time off that ends after the range begins.
CREATE INDEX "vendor_time_off_vendor_idx" ON "vendor_time_off" USING btree ("vendor_profile_id","end_tz");
