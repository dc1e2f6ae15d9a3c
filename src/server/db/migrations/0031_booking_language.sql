-- Decision 072: the language the customer booked in (the page they booked on, or their account's),
-- kept with the booking so that every mail and WhatsApp message to its customer speaks it alone.
-- Bookings made before it: Spanish, the language their WhatsApp messages and most of their mails had.
ALTER TABLE "appointments" ADD COLUMN "language" text DEFAULT 'es-MX' NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_language_check" CHECK ("appointments"."language" IN ('es-MX', 'en'));
