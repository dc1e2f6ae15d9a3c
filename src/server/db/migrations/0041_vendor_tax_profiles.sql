-- Decision 098: a vendor's tax data (RFC, name and regime as SAT registers them, tax postal code,
-- CURP), which the digital-platform withholding and its monthly certificate read.
CREATE TABLE "vendor_tax_profiles" (
	"vendor_profile_id" uuid PRIMARY KEY NOT NULL,
	"rfc" text NOT NULL,
	"legal_name" text NOT NULL,
	"tax_regime" text NOT NULL,
	"postal_code" text NOT NULL,
	"curp" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendor_tax_profiles_rfc_check" CHECK ("vendor_tax_profiles"."rfc" ~ '^[A-ZÑ&]{3,4}[0-9]{6}[A-Z0-9]{3}$'),
	CONSTRAINT "vendor_tax_profiles_postal_code_check" CHECK ("vendor_tax_profiles"."postal_code" ~ '^[0-9]{5}$'),
	CONSTRAINT "vendor_tax_profiles_curp_check" CHECK ("vendor_tax_profiles"."curp" ~ '^[A-Z0-9]{18}$')
);
--> statement-breakpoint
ALTER TABLE "vendor_tax_profiles" ADD CONSTRAINT "vendor_tax_profiles_vendor_profile_id_vendor_profiles_id_fk" FOREIGN KEY ("vendor_profile_id") REFERENCES "public"."vendor_profiles"("id") ON DELETE cascade ON UPDATE no action;
