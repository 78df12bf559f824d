-- Search (app/.server/data/search.server.ts): pg_trgm for typo-tolerant matching of names and
-- aliases, full-text for their words in any order. The GIN indexes are built without the
-- fast-update pending list: the catalogue changes rarely, and the embedded PGlite has no
-- autovacuum to merge that list, which would leave every search scanning it.
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
CREATE OR REPLACE FUNCTION peptide_search_document(name text, aliases text[]) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ select to_tsvector('simple'::regconfig, name || ' ' || array_to_string(aliases, ' ')) $$;
--> statement-breakpoint
CREATE INDEX "peptides_search_keys_trgm_idx" ON "peptides" USING gin (peptide_search_keys("name", "aliases") gin_trgm_ops) WITH (fastupdate = off);
--> statement-breakpoint
CREATE INDEX "peptides_search_document_idx" ON "peptides" USING gin (peptide_search_document("name", "aliases")) WITH (fastupdate = off);
--> statement-breakpoint
CREATE INDEX "categories_search_key_trgm_idx" ON "categories" USING gin (search_key("name") gin_trgm_ops) WITH (fastupdate = off);
--> statement-breakpoint
CREATE INDEX "vendors_search_key_trgm_idx" ON "vendors" USING gin (search_key("name") gin_trgm_ops) WITH (fastupdate = off);
