-- Decision 068: a signed-in person's language, kept with their account (the profile), for the app
-- on a new device and for the mails and WhatsApp messages they get. NULL: never chosen (accounts
-- made before this; readers fall back as they did).
ALTER TABLE "profiles" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_language_check" CHECK ("profiles"."language" IN ('es-MX', 'en'));
