ALTER TABLE "appointments" ADD COLUMN "whatsapp_opt_in" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE TABLE "whatsapp_phones" (
	"phone" text PRIMARY KEY NOT NULL,
	"opted_out_at" timestamp with time zone,
	"auto_answered_at" timestamp with time zone
);
