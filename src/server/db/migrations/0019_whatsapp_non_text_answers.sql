CREATE TABLE "whatsapp_non_text_answers" (
	"phone" text PRIMARY KEY NOT NULL,
	"answered_at" timestamp with time zone NOT NULL
);
