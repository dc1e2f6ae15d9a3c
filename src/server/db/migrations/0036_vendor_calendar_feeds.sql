-- Decision 091: each vendor's private calendar feed; only its token's SHA-256 is kept.
CREATE TABLE "vendor_calendar_feeds" (
	"vendor_profile_id" uuid PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendor_calendar_feeds_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "vendor_calendar_feeds" ADD CONSTRAINT "vendor_calendar_feeds_vendor_profile_id_vendor_profiles_id_fk" FOREIGN KEY ("vendor_profile_id") REFERENCES "public"."vendor_profiles"("id") ON DELETE cascade ON UPDATE no action;
