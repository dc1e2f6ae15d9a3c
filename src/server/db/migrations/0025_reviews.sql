CREATE TABLE "review_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"review_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"by" text NOT NULL,
	"reporter_key" text NOT NULL,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_reports_reason_check" CHECK (char_length("review_reports"."reason") <= 500)
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"appointment_id" uuid NOT NULL,
	"vendor_profile_id" uuid NOT NULL,
	"customer_id" uuid,
	"rating" integer NOT NULL,
	"comment" text,
	"author" text NOT NULL,
	"status" text DEFAULT 'published' NOT NULL,
	"answer" text,
	"answered_at" timestamp with time zone,
	"hidden_reason" text,
	"hidden_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"reported_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_appointment_id_unique" UNIQUE("appointment_id"),
	CONSTRAINT "reviews_rating_check" CHECK ("reviews"."rating" between 1 and 5),
	CONSTRAINT "reviews_comment_check" CHECK (char_length("reviews"."comment") <= 1000),
	CONSTRAINT "reviews_answer_check" CHECK (char_length("reviews"."answer") <= 1000),
	CONSTRAINT "reviews_status_check" CHECK ("reviews"."status" in ('published', 'hidden', 'deleted'))
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "answered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "review_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "vendor_profiles" ADD COLUMN "rating_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "vendor_profiles" ADD COLUMN "rating_sum" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "vendor_profiles" ADD COLUMN "rating_score" double precision GENERATED ALWAYS AS ((3.5 * 5 + rating_sum)::double precision / (5 + rating_count)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "review_reports" ADD CONSTRAINT "review_reports_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_vendor_profile_id_vendor_profiles_id_fk" FOREIGN KEY ("vendor_profile_id") REFERENCES "public"."vendor_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_reports_review_idx" ON "review_reports" USING btree ("review_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "review_reports_open_idx" ON "review_reports" USING btree ("review_id","reporter_key") WHERE "review_reports"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "reviews_vendor_published_idx" ON "reviews" USING btree ("vendor_profile_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "reviews"."status" = 'published';--> statement-breakpoint
CREATE INDEX "reviews_vendor_created_idx" ON "reviews" USING btree ("vendor_profile_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "reviews_reported_idx" ON "reviews" USING btree ("reported_at") WHERE "reviews"."reported_at" is not null;--> statement-breakpoint
CREATE INDEX "reviews_hidden_idx" ON "reviews" USING btree ("hidden_at" DESC NULLS FIRST) WHERE "reviews"."status" = 'hidden';--> statement-breakpoint
CREATE INDEX "reviews_customer_idx" ON "reviews" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "appointments_review_due_idx" ON "appointments" USING btree ("end_tz") WHERE "appointments"."review_requested_at" is null and "appointments"."status" in ('confirmed', 'paid');--> statement-breakpoint
CREATE INDEX "vendor_profiles_approved_rating_idx" ON "vendor_profiles" USING btree ("rating_score" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "vendor_profiles"."application_status" = 'approved';--> statement-breakpoint
ALTER TABLE "vendor_profiles" ADD CONSTRAINT "vendor_profiles_rating_check" CHECK ("vendor_profiles"."rating_count" >= 0 and "vendor_profiles"."rating_sum" between "vendor_profiles"."rating_count" and 5 * "vendor_profiles"."rating_count");--> statement-breakpoint
-- The vendor's answer time of bookings answered before it was kept: a confirm's time, and a
-- decline's last change (nothing changes a declined booking after the decline).
UPDATE "appointments" SET "answered_at" = "confirmed_at" WHERE "confirmed_at" IS NOT NULL;--> statement-breakpoint
UPDATE "appointments" SET "answered_at" = "updated_at" WHERE "status" = 'declined' AND "answered_at" IS NULL;
