-- Decision 088: the list filters the planner can count.
-- The colonia filter (`service_areas && …`) through an index of its own, so that a colonia few
-- vendors serve is found among them, never by reading the directory newest first. A small pending
-- list, as the other GIN indexes (migration 0006): a search reads it whole.
CREATE INDEX "vendor_profiles_service_areas_idx" ON "vendor_profiles" USING gin ("service_areas") WITH (gin_pending_list_limit = 64);
--> statement-breakpoint
-- The price range of each vendor's active services, on the vendor's row: "up to $300" is then
-- `active_price_min_cents <= 30000`, a column with statistics, where "some active service costs at
-- most $300" was a semi-join the planner guessed true for nearly every vendor.
ALTER TABLE "vendor_profiles" ADD COLUMN "active_price_min_cents" integer;
--> statement-breakpoint
ALTER TABLE "vendor_profiles" ADD COLUMN "active_price_max_cents" integer;
--> statement-breakpoint
UPDATE vendor_profiles v SET active_price_min_cents = p.low, active_price_max_cents = p.high
  FROM (SELECT vendor_profile_id, min(price_cents) AS low, max(price_cents) AS high
        FROM services WHERE is_active GROUP BY vendor_profile_id) AS p
  WHERE v.id = p.vendor_profile_id;
--> statement-breakpoint
-- Migration 0017's function, which also keeps the range: new services widen it in the same UPDATE;
-- a changed or removed service has it read again from the vendor's services.
CREATE OR REPLACE FUNCTION barrio_services_search() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE vendor_profiles v
      SET search_document = v.search_document
        || barrio_search_words(added.names, 'A')
        || barrio_search_words(added.descriptions, 'C'),
        active_price_min_cents = least(v.active_price_min_cents, added.low),
        active_price_max_cents = greatest(v.active_price_max_cents, added.high)
      FROM (
        SELECT vendor_profile_id, string_agg(name, ' · ') AS names, string_agg(description, ' · ') AS descriptions,
          min(price_cents) AS low, max(price_cents) AS high
        FROM new_services WHERE is_active GROUP BY vendor_profile_id
      ) AS added
      WHERE v.id = added.vendor_profile_id;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE vendor_profiles v SET search_document = barrio_vendor_document(v.id, v.business_name, v.service_category, v.bio, v.service_areas, v.languages),
        active_price_min_cents = (SELECT min(price_cents) FROM services s WHERE s.vendor_profile_id = v.id AND s.is_active),
        active_price_max_cents = (SELECT max(price_cents) FROM services s WHERE s.vendor_profile_id = v.id AND s.is_active)
      WHERE v.id IN (SELECT DISTINCT vendor_profile_id FROM old_services);
  ELSE
    UPDATE vendor_profiles v SET search_document = barrio_vendor_document(v.id, v.business_name, v.service_category, v.bio, v.service_areas, v.languages),
        active_price_min_cents = (SELECT min(price_cents) FROM services s WHERE s.vendor_profile_id = v.id AND s.is_active),
        active_price_max_cents = (SELECT max(price_cents) FROM services s WHERE s.vendor_profile_id = v.id AND s.is_active)
      WHERE v.id IN (SELECT vendor_profile_id FROM new_services UNION SELECT vendor_profile_id FROM old_services);
  END IF;
  RETURN NULL;
END;
$$;
