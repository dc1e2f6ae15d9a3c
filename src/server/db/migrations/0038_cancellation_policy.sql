-- Decision 095: the vendor's cancellation policy, one of three presets (flexible: today's rule), and
-- the policy in force when each booking was requested, kept with it; a cancel writes what it owes
-- back (refund_due_mxn, null: the whole amount) in the same statement.
ALTER TABLE "vendor_profiles" ADD COLUMN "cancellation_policy" text DEFAULT 'flexible' NOT NULL;--> statement-breakpoint
ALTER TABLE "vendor_profiles" ADD CONSTRAINT "vendor_profiles_cancellation_policy_check" CHECK ("vendor_profiles"."cancellation_policy" in ('flexible', 'moderate', 'strict'));--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "cancellation_policy" text DEFAULT 'flexible' NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "refund_due_mxn" integer;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_cancellation_policy_check" CHECK ("appointments"."cancellation_policy" in ('flexible', 'moderate', 'strict'));--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_refund_due_check" CHECK ("appointments"."refund_due_mxn" between 0 and "appointments"."amount_mxn");
