-- Decision 096: the vendor proposes another time for a booking already agreed (one open proposal
-- at a time, which the customer accepts or refuses), and declines a request with a reason and,
-- optionally, another time to book instead.
ALTER TABLE "appointments" ADD COLUMN "proposed_start_tz" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "proposed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "decline_note" text;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "offered_start_tz" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_proposal_check" CHECK (("appointments"."proposed_start_tz" is null) = ("appointments"."proposed_at" is null));
