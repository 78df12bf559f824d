-- Search finds the words of a peptide's description too ("glp" → the GLP-1 agonists), ranked
-- below name and alias matches (app/.server/data/search.server.ts). Built without the
-- fast-update pending list, as the other search indexes (0007_search_indexes.sql).
CREATE OR REPLACE FUNCTION peptide_description_document(description text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ select to_tsvector('simple'::regconfig, coalesce(description, '')) $$;
--> statement-breakpoint
CREATE INDEX "peptides_description_document_idx" ON "peptides" USING gin (peptide_description_document("description")) WITH (fastupdate = off);
