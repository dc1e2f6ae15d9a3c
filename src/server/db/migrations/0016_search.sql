CREATE TABLE "search_terms" (
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"words" text NOT NULL,
	CONSTRAINT "search_terms_kind_key_pk" PRIMARY KEY("kind","key")
);
--> statement-breakpoint
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vendor_profiles" ADD COLUMN "search_document" "tsvector" DEFAULT ''::tsvector NOT NULL;--> statement-breakpoint
-- Decision 050: service_category stores a key of the one taxonomy (src/shared/categories.ts). The
-- labels stored before (the spec's signup list in English and Spanish, its admin list, the chip keys)
-- become their keys, as `legacyCategoryLabels` maps them (search-migration.test.ts compares the two).
-- "Beauty & Wellness" named two categories: a vendor whose words speak of massage, spa, yoga or
-- therapy goes to wellness, any other to beauty. A value that names no category becomes "other".
UPDATE "vendor_profiles" SET "service_category" = CASE
  WHEN lower(btrim("service_category")) IN ('cleaning', 'house cleaning', 'limpieza del hogar') THEN 'cleaning'
  WHEN lower(btrim("service_category")) IN ('fitness', 'fitness training', 'personal training', 'entrenamiento físico', 'entrenamiento fisico') THEN 'fitness'
  WHEN lower(btrim("service_category")) IN ('beauty & wellness', 'belleza y bienestar') THEN
    CASE WHEN coalesce("business_name", '') || ' ' || coalesce("bio", '') ~* '(masaj|massag|spa\M|yoga|reiki|terap|therap|medita|relaj)'
      THEN 'wellness' ELSE 'beauty' END
  WHEN lower(btrim("service_category")) IN ('wellness') THEN 'wellness'
  WHEN lower(btrim("service_category")) IN ('beauty', 'beauty & hair') THEN 'beauty'
  WHEN lower(btrim("service_category")) IN ('tutoring', 'tutorías', 'tutorias') THEN 'tutoring'
  WHEN lower(btrim("service_category")) IN ('repair', 'handyman', 'reparaciones del hogar') THEN 'repair'
  WHEN lower(btrim("service_category")) IN ('tailoring') THEN 'tailoring'
  WHEN lower(btrim("service_category")) IN ('pets', 'pet care', 'cuidado de mascotas') THEN 'pets'
  WHEN lower(btrim("service_category")) IN ('plants', 'lawn care', 'jardinería', 'jardineria') THEN 'plants'
  WHEN lower(btrim("service_category")) IN ('childcare') THEN 'childcare'
  WHEN lower(btrim("service_category")) IN ('transportation') THEN 'transportation'
  WHEN lower(btrim("service_category")) IN ('tech') THEN 'tech'
  WHEN lower(btrim("service_category")) IN ('cooking', 'cocina') THEN 'cooking'
  WHEN lower(btrim("service_category")) IN ('photography', 'fotografía', 'fotografia') THEN 'photography'
  ELSE 'other'
END;
--> statement-breakpoint
ALTER TABLE "vendor_profiles" ADD CONSTRAINT "vendor_profiles_category_check" CHECK ("vendor_profiles"."service_category" in ('cleaning', 'fitness', 'wellness', 'beauty', 'tutoring', 'repair', 'tailoring', 'pets', 'plants', 'childcare', 'transportation', 'tech', 'cooking', 'photography', 'other'));
--> statement-breakpoint
-- ARCHITECTURE §3.6: the search document. Words are folded (accents off, lower case) and indexed
-- twice: stemmed in Spanish ("perros" → perr) and as written ("inglés" → ingles), so that a word is
-- found in either form and its beginning ("ingl") finds it too.
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION barrio_es (COPY = spanish);
--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION barrio_es ALTER MAPPING FOR hword, hword_part, word WITH unaccent, spanish_stem;
--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION barrio_simple (COPY = simple);
--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION barrio_simple ALTER MAPPING FOR hword, hword_part, word WITH unaccent, simple;
--> statement-breakpoint
CREATE FUNCTION barrio_search_words(body text, weight "char") RETURNS tsvector
LANGUAGE sql STABLE AS $$
  SELECT setweight(to_tsvector('barrio_es', coalesce(body, '')) || to_tsvector('barrio_simple', coalesce(body, '')), weight)
$$;
--> statement-breakpoint
-- A vendor's document: name and active services' names weigh most (A), then its category's words
-- and its colonias (B), services' descriptions and languages (C), the bio least (D).
CREATE FUNCTION barrio_vendor_document(vendor_id uuid, name text, category text, bio text, areas text[], langs text[])
RETURNS tsvector LANGUAGE sql STABLE AS $$
  SELECT barrio_search_words(name, 'A')
    || barrio_search_words((SELECT string_agg(s.name, ' · ') FROM services s WHERE s.vendor_profile_id = vendor_id AND s.is_active), 'A')
    || barrio_search_words((SELECT t.words FROM search_terms t WHERE t.kind = 'category' AND t.key = category), 'B')
    || barrio_search_words(array_to_string(areas, ' · '), 'B')
    || barrio_search_words((SELECT string_agg(s.description, ' · ') FROM services s WHERE s.vendor_profile_id = vendor_id AND s.is_active), 'C')
    || barrio_search_words((SELECT string_agg(t.words, ' · ') FROM search_terms t WHERE t.kind = 'language' AND t.key = ANY(langs)), 'C')
    || barrio_search_words(bio, 'D')
$$;
--> statement-breakpoint
CREATE FUNCTION barrio_vendor_search_row() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_document := barrio_vendor_document(NEW.id, NEW.business_name, NEW.service_category, NEW.bio, NEW.service_areas, NEW.languages);
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER vendor_profiles_search BEFORE INSERT OR UPDATE OF business_name, service_category, bio, service_areas, languages
  ON vendor_profiles FOR EACH ROW EXECUTE FUNCTION barrio_vendor_search_row();
--> statement-breakpoint
-- A statement that changes services rewrites the documents of the vendors it touched, once each.
CREATE FUNCTION barrio_services_search() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE vendor_profiles v SET search_document = barrio_vendor_document(v.id, v.business_name, v.service_category, v.bio, v.service_areas, v.languages)
      WHERE v.id IN (SELECT DISTINCT vendor_profile_id FROM new_services);
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
--> statement-breakpoint
CREATE TRIGGER services_search_insert AFTER INSERT ON services REFERENCING NEW TABLE AS new_services
  FOR EACH STATEMENT EXECUTE FUNCTION barrio_services_search();
--> statement-breakpoint
CREATE TRIGGER services_search_update AFTER UPDATE ON services REFERENCING OLD TABLE AS old_services NEW TABLE AS new_services
  FOR EACH STATEMENT EXECUTE FUNCTION barrio_services_search();
--> statement-breakpoint
CREATE TRIGGER services_search_delete AFTER DELETE ON services REFERENCING OLD TABLE AS old_services
  FOR EACH STATEMENT EXECUTE FUNCTION barrio_services_search();
--> statement-breakpoint
-- New or changed words of a category or a language rewrite the documents that carry them.
CREATE FUNCTION barrio_search_terms_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE vendor_profiles v SET search_document = barrio_vendor_document(v.id, v.business_name, v.service_category, v.bio, v.service_areas, v.languages)
    WHERE v.service_category IN (SELECT key FROM changed_terms WHERE kind = 'category')
       OR v.languages && ARRAY(SELECT key FROM changed_terms WHERE kind = 'language');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER search_terms_insert AFTER INSERT ON search_terms REFERENCING NEW TABLE AS changed_terms
  FOR EACH STATEMENT EXECUTE FUNCTION barrio_search_terms_changed();
--> statement-breakpoint
CREATE TRIGGER search_terms_update AFTER UPDATE ON search_terms REFERENCING NEW TABLE AS changed_terms
  FOR EACH STATEMENT EXECUTE FUNCTION barrio_search_terms_changed();
--> statement-breakpoint
-- GIN keeps new entries in a pending list that every search reads until VACUUM merges it, and PGlite
-- has no autovacuum (decision 024): a short list keeps merges batched and searches fast.
CREATE INDEX "vendor_profiles_search_idx" ON "vendor_profiles" USING gin ("search_document") WITH (gin_pending_list_limit = 64);
--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);
-- No document is written here: the first start writes every category's search terms (db/search-terms.ts),
-- and their trigger writes the documents of all vendors then.
