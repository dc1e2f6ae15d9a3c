CREATE TABLE "extra_payments" (
	"payment_ref" text PRIMARY KEY NOT NULL,
	"appointment_id" uuid NOT NULL,
	"session_id" text NOT NULL,
	"amount_mxn" integer NOT NULL,
	"refund_id" text,
	"refunded_at" timestamp with time zone,
	"refund_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "extra_payments_amount_check" CHECK ("extra_payments"."amount_mxn" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payment_refunds" (
	"refund_id" text PRIMARY KEY NOT NULL,
	"appointment_id" uuid NOT NULL,
	"amount_mxn" integer NOT NULL,
	"status" text NOT NULL,
	"failure_reason" text,
	"reference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_refunds_amount_check" CHECK ("payment_refunds"."amount_mxn" > 0),
	CONSTRAINT "payment_refunds_status_check" CHECK ("payment_refunds"."status" in ('pending', 'succeeded', 'failed', 'canceled'))
);
--> statement-breakpoint
ALTER TABLE "extra_payments" ADD CONSTRAINT "extra_payments_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "extra_payments_owed_idx" ON "extra_payments" USING btree ("updated_at") WHERE "extra_payments"."refunded_at" is null;--> statement-breakpoint
CREATE INDEX "payment_refunds_appointment_idx" ON "payment_refunds" USING btree ("appointment_id");