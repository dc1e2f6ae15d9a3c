-- Decision 094: how a booking went, as its vendor marks it once it has started: carried out
-- ('completed') or the customer did not come ('no_show'). The status stays confirmed or paid.
ALTER TABLE "appointments" ADD COLUMN "outcome" text;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "outcome_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_outcome_check" CHECK ("appointments"."outcome" in ('completed', 'no_show'));
