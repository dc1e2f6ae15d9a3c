ALTER TABLE "appointments" DROP CONSTRAINT "appointments_customer_id_customers_id_fk";
--> statement-breakpoint
ALTER TABLE "appointments" ALTER COLUMN "customer_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointments_orphan_email_idx" ON "appointments" USING btree ("customer_email") WHERE "appointments"."customer_id" is null;