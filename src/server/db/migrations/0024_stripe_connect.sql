CREATE TABLE "payout_runs" (
	"run_on" date PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_kind_check";--> statement-breakpoint
ALTER TABLE "payout_accounts" ALTER COLUMN "clabe" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payout_accounts" ALTER COLUMN "holder_name" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ALTER COLUMN "reference" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ALTER COLUMN "paid_at" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD COLUMN "stripe_account_id" text;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD COLUMN "stripe_payouts_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "status" text DEFAULT 'paid' NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "attempted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "transfer_error" text;--> statement-breakpoint
CREATE INDEX "payouts_pending_idx" ON "payouts" USING btree ("attempted_at") WHERE "payouts"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_stripe_account_id_unique" UNIQUE("stripe_account_id");--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_kind_check" CHECK ("ledger_entries"."kind" in ('payment', 'commission', 'refund', 'commission_refund', 'refund_reversed', 'commission_refund_reversed', 'payout', 'payout_reversed'));--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_holder_check" CHECK (("payout_accounts"."clabe" is null) = ("payout_accounts"."holder_name" is null));--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_status_check" CHECK ("payouts"."status" in ('pending', 'paid'));--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_paid_check" CHECK (("payouts"."status" = 'paid') = ("payouts"."paid_at" is not null and "payouts"."reference" is not null));