CREATE TABLE "ledger_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entry_key" text NOT NULL,
	"kind" text NOT NULL,
	"from_account" text NOT NULL,
	"to_account" text NOT NULL,
	"amount_mxn" integer NOT NULL,
	"vendor_profile_id" uuid NOT NULL,
	"appointment_id" uuid,
	"refund_id" text,
	"payout_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_entry_key_unique" UNIQUE("entry_key"),
	CONSTRAINT "ledger_entries_amount_check" CHECK ("ledger_entries"."amount_mxn" > 0),
	CONSTRAINT "ledger_entries_accounts_check" CHECK ("ledger_entries"."from_account" <> "ledger_entries"."to_account"),
	CONSTRAINT "ledger_entries_from_check" CHECK ("ledger_entries"."from_account" in ('customer', 'vendor', 'commission', 'payout')),
	CONSTRAINT "ledger_entries_to_check" CHECK ("ledger_entries"."to_account" in ('customer', 'vendor', 'commission', 'payout')),
	CONSTRAINT "ledger_entries_kind_check" CHECK ("ledger_entries"."kind" in ('payment', 'commission', 'refund', 'commission_refund', 'refund_reversed', 'commission_refund_reversed', 'payout'))
);
--> statement-breakpoint
CREATE TABLE "payout_accounts" (
	"vendor_profile_id" uuid PRIMARY KEY NOT NULL,
	"clabe" text NOT NULL,
	"holder_name" text NOT NULL,
	"bank_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_accounts_clabe_check" CHECK ("payout_accounts"."clabe" ~ '^[0-9]{18}$')
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"vendor_profile_id" uuid NOT NULL,
	"amount_mxn" integer NOT NULL,
	"method" text NOT NULL,
	"reference" text NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	"recorded_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payouts_amount_check" CHECK ("payouts"."amount_mxn" > 0),
	CONSTRAINT "payouts_method_check" CHECK ("payouts"."method" in ('spei', 'stripe'))
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "commission_bps" integer;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "commission_mxn" integer;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_vendor_profile_id_vendor_profiles_id_fk" FOREIGN KEY ("vendor_profile_id") REFERENCES "public"."vendor_profiles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_vendor_profile_id_vendor_profiles_id_fk" FOREIGN KEY ("vendor_profile_id") REFERENCES "public"."vendor_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_vendor_profile_id_vendor_profiles_id_fk" FOREIGN KEY ("vendor_profile_id") REFERENCES "public"."vendor_profiles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_recorded_by_user_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_entries_vendor_idx" ON "ledger_entries" USING btree ("vendor_profile_id","created_at");--> statement-breakpoint
CREATE INDEX "ledger_entries_appointment_idx" ON "ledger_entries" USING btree ("appointment_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_created_idx" ON "ledger_entries" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "payouts_vendor_idx" ON "payouts" USING btree ("vendor_profile_id","paid_at");--> statement-breakpoint
CREATE INDEX "payouts_paid_idx" ON "payouts" USING btree ("paid_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_reference_idx" ON "payouts" USING btree ("method","reference");--> statement-breakpoint
-- Ledger entries are append-only (decision 064): a correction is a new entry, never an edit.
CREATE FUNCTION barrio_ledger_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger entries are append-only' USING ERRCODE = 'restrict_violation';
END;
$$;--> statement-breakpoint
CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON "ledger_entries"
  FOR EACH ROW EXECUTE FUNCTION barrio_ledger_append_only();
--> statement-breakpoint
-- Bookings paid before the ledger: their commission at the default rate and their entries, dated
-- when they were paid (a partial refund made before it is left for the ledger check to report).
UPDATE "appointments" SET "commission_bps" = 1000,
  "commission_mxn" = floor(("amount_mxn" * 1000 + 5000) / 10000)::int
WHERE "status" = 'paid' AND "paid_at" IS NOT NULL AND "commission_bps" IS NULL;--> statement-breakpoint
INSERT INTO "ledger_entries" ("entry_key", "kind", "from_account", "to_account", "amount_mxn",
  "vendor_profile_id", "appointment_id", "created_at")
SELECT 'payment:' || "id", 'payment', 'customer', 'vendor', "amount_mxn" - "commission_mxn",
  "vendor_profile_id", "id", "paid_at"
FROM "appointments" WHERE "commission_mxn" IS NOT NULL AND "amount_mxn" - "commission_mxn" > 0
UNION ALL
SELECT 'commission:' || "id", 'commission', 'customer', 'commission', "commission_mxn",
  "vendor_profile_id", "id", "paid_at"
FROM "appointments" WHERE "commission_mxn" IS NOT NULL AND "commission_mxn" > 0;
