-- Custom SQL migration file, put your code below! --
-- ARCHITECTURE §3.6: new services add their words to their vendor's search document instead of
-- writing the whole document again. A vendor's row trigger has just written everything else (a
-- vendor has no service when it is inserted), so the 100,000-vendor seed wrote each document twice
-- (121.9 s against a 120 s budget); tsvector concatenation keeps the words' weights. Updates and
-- deletes still write the whole document: a changed or removed service's words must go.
CREATE OR REPLACE FUNCTION barrio_services_search() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE vendor_profiles v
      SET search_document = v.search_document
        || barrio_search_words(added.names, 'A')
        || barrio_search_words(added.descriptions, 'C')
      FROM (
        SELECT vendor_profile_id, string_agg(name, ' · ') AS names, string_agg(description, ' · ') AS descriptions
        FROM new_services WHERE is_active GROUP BY vendor_profile_id
      ) AS added
      WHERE v.id = added.vendor_profile_id;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE vendor_profiles v SET search_document = barrio_vendor_document(v.id, v.business_name, v.service_category, v.bio, v.service_areas, v.languages)
      WHERE v.id IN (SELECT DISTINCT vendor_profile_id FROM old_services);
  ELSE
    UPDATE vendor_profiles v SET search_document = barrio_vendor_document(v.id, v.business_name, v.service_category, v.bio, v.service_areas, v.languages)
      WHERE v.id IN (SELECT vendor_profile_id FROM new_services UNION SELECT vendor_profile_id FROM old_services);
  END IF;
  RETURN NULL;
END;
$$;
