-- Custom SQL migration file, put your code below! --
-- ARCHITECTURE §3: no two active appointments of one vendor may overlap, buffer included.
-- The busy range of a booking is [start, end + buffer): two bookings then conflict exactly when
-- the gap between them is shorter than the buffer of the earlier one, which is the rule the
-- availability engine applies (docs/decisions/008-buffer-in-exclusion-constraint.md).
-- timestamptz ± interval is only STABLE in general (days and months depend on the zone); a
-- minutes-only interval does not, so this wrapper is honestly IMMUTABLE and may sit in an index.
CREATE OR REPLACE FUNCTION appointment_busy_range(start_tz timestamptz, end_tz timestamptz, buffer_minutes integer)
RETURNS tstzrange
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT tstzrange(start_tz, end_tz + make_interval(mins => buffer_minutes), '[)') $$;
--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_no_overlap"
  EXCLUDE USING gist (
    "vendor_profile_id" WITH =,
    appointment_busy_range("start_tz", "end_tz", "buffer_minutes") WITH &&
  ) WHERE ("status" IN ('pending_vendor', 'awaiting_payment', 'confirmed', 'paid'));
--> statement-breakpoint
-- Browse and admin search: case-insensitive contains on business_name or service_category.
CREATE INDEX IF NOT EXISTS "vendor_profiles_business_name_trgm_idx" ON "vendor_profiles" USING gin ("business_name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "vendor_profiles_service_category_trgm_idx" ON "vendor_profiles" USING gin ("service_category" gin_trgm_ops);
