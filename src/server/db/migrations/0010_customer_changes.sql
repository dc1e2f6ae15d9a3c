ALTER TABLE "appointments" ADD COLUMN "cancel_note" text;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "rescheduled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "payment_ref" text;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "refund_id" text;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "refunded_amount_mxn" integer;--> statement-breakpoint
CREATE INDEX "appointments_remind_due_idx" ON "appointments" USING btree ("start_tz") WHERE "appointments"."reminded_at" is null and "appointments"."status" in ('confirmed', 'paid');--> statement-breakpoint
CREATE INDEX "appointments_refund_due_idx" ON "appointments" USING btree ("updated_at") WHERE "appointments"."refund_needed";--> statement-breakpoint
CREATE INDEX "appointments_payment_ref_idx" ON "appointments" USING btree ("payment_ref");