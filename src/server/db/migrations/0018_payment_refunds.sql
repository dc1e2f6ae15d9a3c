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
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_refunds_appointment_idx" ON "payment_refunds" USING btree ("appointment_id");