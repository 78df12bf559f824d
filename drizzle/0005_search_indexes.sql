-- Search (app/.server/data/search.server.ts): pg_trgm for typo-tolerant matching of names and
-- aliases, full-text for words anywhere in a name, an alias or the description.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- Letters and digits only, lower-cased, so "BPC-157", "bpc 157" and "bpc157" share one key.
CREATE OR REPLACE FUNCTION search_key(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ select lower(regexp_replace(value, '[^[:alnum:]]+', '', 'g')) $$;
--> statement-breakpoint
-- The name and each alias as search keys, separated by spaces. array_to_string is only STABLE
-- in general, but over text[] it cannot change: declaring this IMMUTABLE lets it be indexed.
CREATE OR REPLACE FUNCTION peptide_search_keys(name text, aliases text[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ select translate(lower(regexp_replace(name || '|' || array_to_string(aliases, '|'), '[^[:alnum:]|]+', '', 'g')), '|', ' ') $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION peptide_search_document(name text, aliases text[], description text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ select setweight(to_tsvector('english'::regconfig, name || ' ' || array_to_string(aliases, ' ')), 'A')
            || setweight(to_tsvector('english'::regconfig, coalesce(description, '')), 'B') $$;
--> statement-breakpoint
CREATE INDEX "peptides_search_keys_trgm_idx" ON "peptides" USING gin (peptide_search_keys("name", "aliases") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "peptides_search_document_idx" ON "peptides" USING gin (peptide_search_document("name", "aliases", "description"));
--> statement-breakpoint
CREATE INDEX "categories_search_key_trgm_idx" ON "categories" USING gin (search_key("name") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "vendors_search_key_trgm_idx" ON "vendors" USING gin (search_key("name") gin_trgm_ops);
