ALTER TABLE "appointments" ADD COLUMN "service_location" text;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "address" jsonb;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "location" text;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_location_check" CHECK ("services"."location" in ('customer', 'vendor', 'online'));