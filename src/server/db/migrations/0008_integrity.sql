-- Edited after generation: the booking's contact columns are added, filled from its customer, then made NOT NULL.
CREATE TABLE "vendor_blocks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"vendor_profile_id" uuid NOT NULL,
	"email" "citext",
	"phone" text,
	"requester_key" text,
	"appointment_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendor_blocks_someone_check" CHECK ("vendor_blocks"."email" is not null or "vendor_blocks"."phone" is not null or "vendor_blocks"."requester_key" is not null)
);
--> statement-breakpoint
CREATE TABLE "vendor_claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"vendor_profile_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"channel" text NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendor_claims_attempts_check" CHECK ("vendor_claims"."attempts" >= 0)
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "customer_name" text;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "customer_email" "citext";--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "customer_phone" text;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "requester_key" text;--> statement-breakpoint
UPDATE "appointments" AS a SET "customer_name" = c."name", "customer_email" = c."email", "customer_phone" = c."phone_e164" FROM "customers" AS c WHERE c."id" = a."customer_id";--> statement-breakpoint
ALTER TABLE "appointments" ALTER COLUMN "customer_name" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ALTER COLUMN "customer_email" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "share_bookings_with_contacts" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "vendor_profiles" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "vendor_profiles" ADD COLUMN "claim_approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "vendor_blocks" ADD CONSTRAINT "vendor_blocks_vendor_profile_id_vendor_profiles_id_fk" FOREIGN KEY ("vendor_profile_id") REFERENCES "public"."vendor_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_blocks" ADD CONSTRAINT "vendor_blocks_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_claims" ADD CONSTRAINT "vendor_claims_vendor_profile_id_vendor_profiles_id_fk" FOREIGN KEY ("vendor_profile_id") REFERENCES "public"."vendor_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_claims" ADD CONSTRAINT "vendor_claims_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vendor_blocks_vendor_idx" ON "vendor_blocks" USING btree ("vendor_profile_id");--> statement-breakpoint
CREATE INDEX "vendor_claims_user_idx" ON "vendor_claims" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "vendor_claims_vendor_idx" ON "vendor_claims" USING btree ("vendor_profile_id");--> statement-breakpoint
CREATE INDEX "appointments_open_email_idx" ON "appointments" USING btree ("customer_email") WHERE "appointments"."status" = 'pending_vendor';--> statement-breakpoint
CREATE INDEX "appointments_open_phone_idx" ON "appointments" USING btree ("customer_phone") WHERE "appointments"."status" = 'pending_vendor';--> statement-breakpoint
CREATE INDEX "appointments_open_requester_idx" ON "appointments" USING btree ("requester_key") WHERE "appointments"."status" = 'pending_vendor';