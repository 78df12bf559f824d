-- Brand names and a common misspelling buyers type into the search (issue 30): ozempic and
-- wegovy find Semaglutide, mounjaro and zepbound Tirzepatide, bcp BPC-157. A database that
-- already holds these peptides gets them as aliases (the admin edits them on the peptide form
-- from then on); a fresh one gets them with the demo data. An alias the peptide already has,
-- in any case, is not added twice, and a peptide whose aliases are full is left alone.
UPDATE "peptides" AS p
   SET "aliases" = p."aliases" || array(
         select alias from unnest(added.aliases) as alias
          where not exists (select 1 from unnest(p."aliases") as kept where lower(kept) = lower(alias)))
  FROM (VALUES ('semaglutide', ARRAY['Ozempic', 'Wegovy']),
               ('tirzepatide', ARRAY['Mounjaro', 'Zepbound']),
               ('bpc157', ARRAY['BCP-157'])) AS added(name_key, aliases)
 WHERE search_key(p."name") = added.name_key
   AND cardinality(p."aliases") + cardinality(added.aliases) <= 50;
