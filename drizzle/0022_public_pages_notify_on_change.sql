-- Public pages' caches are emptied only by a statement that changed rows (0006 notified on every
-- statement: an UPDATE or an INSERT … ON CONFLICT DO NOTHING that touched nothing, such as the
-- start-up's demo seed or a scrape that found the same price, emptied every instance's cache).
-- Transition tables hold the statement's rows; each needs a trigger of its own per event.
-- TRUNCATE has no transition table and still always notifies.
--> statement-breakpoint
CREATE OR REPLACE FUNCTION notify_public_pages_changed_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM changed_rows) THEN
    PERFORM pg_notify('public_pages_changed', '');
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "categories_public_pages_changed" ON "categories";
--> statement-breakpoint
CREATE TRIGGER "categories_public_pages_insert" AFTER INSERT ON "categories" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_public_pages_changed_rows();
--> statement-breakpoint
CREATE TRIGGER "categories_public_pages_update" AFTER UPDATE ON "categories" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_public_pages_changed_rows();
--> statement-breakpoint
CREATE TRIGGER "categories_public_pages_delete" AFTER DELETE ON "categories" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_public_pages_changed_rows();
--> statement-breakpoint
CREATE TRIGGER "categories_public_pages_truncate" AFTER TRUNCATE ON "categories" FOR EACH STATEMENT EXECUTE FUNCTION notify_public_pages_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "peptides_public_pages_changed" ON "peptides";
--> statement-breakpoint
CREATE TRIGGER "peptides_public_pages_insert" AFTER INSERT ON "peptides" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_public_pages_changed_rows();
--> statement-breakpoint
CREATE TRIGGER "peptides_public_pages_update" AFTER UPDATE ON "peptides" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_public_pages_changed_rows();
--> statement-breakpoint
CREATE TRIGGER "peptides_public_pages_delete" AFTER DELETE ON "peptides" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_public_pages_changed_rows();
--> statement-breakpoint
CREATE TRIGGER "peptides_public_pages_truncate" AFTER TRUNCATE ON "peptides" FOR EACH STATEMENT EXECUTE FUNCTION notify_public_pages_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "size_options_public_pages_changed" ON "size_options";
--> statement-breakpoint
CREATE TRIGGER "size_options_public_pages_insert" AFTER INSERT ON "size_options" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_public_pages_changed_rows();
--> statement-breakpoint
CREATE TRIGGER "size_options_public_pages_update" AFTER UPDATE ON "size_options" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_public_pages_changed_rows();
--> statement-breakpoint
CREATE TRIGGER "size_options_public_pages_delete" AFTER DELETE ON "size_options" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_public_pages_changed_rows();
--> statement-breakpoint
CREATE TRIGGER "size_options_public_pages_truncate" AFTER TRUNCATE ON "size_options" FOR EACH STATEMENT EXECUTE FUNCTION notify_public_pages_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "vendors_public_pages_changed" ON "vendors";
--> statement-breakpoint
CREATE TRIGGER "vendors_public_pages_insert" AFTER INSERT ON "vendors" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_public_pages_changed_rows();
--> statement-breakpoint
CREATE TRIGGER "vendors_public_pages_update" AFTER UPDATE ON "vendors" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_public_pages_changed_rows();
--> statement-breakpoint
CREATE TRIGGER "vendors_public_pages_delete" AFTER DELETE ON "vendors" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_public_pages_changed_rows();
--> statement-breakpoint
CREATE TRIGGER "vendors_public_pages_truncate" AFTER TRUNCATE ON "vendors" FOR EACH STATEMENT EXECUTE FUNCTION notify_public_pages_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "coupons_public_pages_changed" ON "coupons";
--> statement-breakpoint
CREATE TRIGGER "coupons_public_pages_insert" AFTER INSERT ON "coupons" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_public_pages_changed_rows();
--> statement-breakpoint
CREATE TRIGGER "coupons_public_pages_update" AFTER UPDATE ON "coupons" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_public_pages_changed_rows();
--> statement-breakpoint
CREATE TRIGGER "coupons_public_pages_delete" AFTER DELETE ON "coupons" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_public_pages_changed_rows();
--> statement-breakpoint
CREATE TRIGGER "coupons_public_pages_truncate" AFTER TRUNCATE ON "coupons" FOR EACH STATEMENT EXECUTE FUNCTION notify_public_pages_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "vendor_peptides_public_pages_changed" ON "vendor_peptides";
--> statement-breakpoint
CREATE TRIGGER "vendor_peptides_public_pages_insert" AFTER INSERT ON "vendor_peptides" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_public_pages_changed_rows();
--> statement-breakpoint
CREATE TRIGGER "vendor_peptides_public_pages_update" AFTER UPDATE ON "vendor_peptides" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_public_pages_changed_rows();
--> statement-breakpoint
CREATE TRIGGER "vendor_peptides_public_pages_delete" AFTER DELETE ON "vendor_peptides" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_public_pages_changed_rows();
--> statement-breakpoint
CREATE TRIGGER "vendor_peptides_public_pages_truncate" AFTER TRUNCATE ON "vendor_peptides" FOR EACH STATEMENT EXECUTE FUNCTION notify_public_pages_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "peptide_slug_history_public_pages_changed" ON "peptide_slug_history";
--> statement-breakpoint
CREATE TRIGGER "peptide_slug_history_public_pages_insert" AFTER INSERT ON "peptide_slug_history" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_public_pages_changed_rows();
--> statement-breakpoint
CREATE TRIGGER "peptide_slug_history_public_pages_update" AFTER UPDATE ON "peptide_slug_history" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_public_pages_changed_rows();
--> statement-breakpoint
CREATE TRIGGER "peptide_slug_history_public_pages_delete" AFTER DELETE ON "peptide_slug_history" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_public_pages_changed_rows();
--> statement-breakpoint
CREATE TRIGGER "peptide_slug_history_public_pages_truncate" AFTER TRUNCATE ON "peptide_slug_history" FOR EACH STATEMENT EXECUTE FUNCTION notify_public_pages_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "price_history_public_pages_changed" ON "price_history";
--> statement-breakpoint
CREATE TRIGGER "price_history_public_pages_insert" AFTER INSERT ON "price_history" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_public_pages_changed_rows();
--> statement-breakpoint
CREATE TRIGGER "price_history_public_pages_update" AFTER UPDATE ON "price_history" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_public_pages_changed_rows();
--> statement-breakpoint
CREATE TRIGGER "price_history_public_pages_delete" AFTER DELETE ON "price_history" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_public_pages_changed_rows();
--> statement-breakpoint
CREATE TRIGGER "price_history_public_pages_truncate" AFTER TRUNCATE ON "price_history" FOR EACH STATEMENT EXECUTE FUNCTION notify_public_pages_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "hero_content_public_pages_changed" ON "hero_content";
--> statement-breakpoint
CREATE TRIGGER "hero_content_public_pages_insert" AFTER INSERT ON "hero_content" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_public_pages_changed_rows();
--> statement-breakpoint
CREATE TRIGGER "hero_content_public_pages_update" AFTER UPDATE ON "hero_content" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_public_pages_changed_rows();
--> statement-breakpoint
CREATE TRIGGER "hero_content_public_pages_delete" AFTER DELETE ON "hero_content" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_public_pages_changed_rows();
--> statement-breakpoint
CREATE TRIGGER "hero_content_public_pages_truncate" AFTER TRUNCATE ON "hero_content" FOR EACH STATEMENT EXECUTE FUNCTION notify_public_pages_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "footer_content_public_pages_changed" ON "footer_content";
--> statement-breakpoint
CREATE TRIGGER "footer_content_public_pages_insert" AFTER INSERT ON "footer_content" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_public_pages_changed_rows();
--> statement-breakpoint
CREATE TRIGGER "footer_content_public_pages_update" AFTER UPDATE ON "footer_content" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_public_pages_changed_rows();
--> statement-breakpoint
CREATE TRIGGER "footer_content_public_pages_delete" AFTER DELETE ON "footer_content" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_public_pages_changed_rows();
--> statement-breakpoint
CREATE TRIGGER "footer_content_public_pages_truncate" AFTER TRUNCATE ON "footer_content" FOR EACH STATEMENT EXECUTE FUNCTION notify_public_pages_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "ads_public_pages_changed" ON "ads";
--> statement-breakpoint
CREATE TRIGGER "ads_public_pages_insert" AFTER INSERT ON "ads" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_public_pages_changed_rows();
--> statement-breakpoint
CREATE TRIGGER "ads_public_pages_update" AFTER UPDATE ON "ads" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_public_pages_changed_rows();
--> statement-breakpoint
CREATE TRIGGER "ads_public_pages_delete" AFTER DELETE ON "ads" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_public_pages_changed_rows();
--> statement-breakpoint
CREATE TRIGGER "ads_public_pages_truncate" AFTER TRUNCATE ON "ads" FOR EACH STATEMENT EXECUTE FUNCTION notify_public_pages_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "category_filters_public_pages_changed" ON "category_filters";
--> statement-breakpoint
CREATE TRIGGER "category_filters_public_pages_insert" AFTER INSERT ON "category_filters" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_public_pages_changed_rows();
--> statement-breakpoint
CREATE TRIGGER "category_filters_public_pages_update" AFTER UPDATE ON "category_filters" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_public_pages_changed_rows();
--> statement-breakpoint
CREATE TRIGGER "category_filters_public_pages_delete" AFTER DELETE ON "category_filters" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_public_pages_changed_rows();
--> statement-breakpoint
CREATE TRIGGER "category_filters_public_pages_truncate" AFTER TRUNCATE ON "category_filters" FOR EACH STATEMENT EXECUTE FUNCTION notify_public_pages_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "settings_public_pages_changed" ON "settings";
--> statement-breakpoint
CREATE TRIGGER "settings_public_pages_insert" AFTER INSERT ON "settings" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_public_pages_changed_rows();
--> statement-breakpoint
CREATE TRIGGER "settings_public_pages_update" AFTER UPDATE ON "settings" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_public_pages_changed_rows();
--> statement-breakpoint
CREATE TRIGGER "settings_public_pages_delete" AFTER DELETE ON "settings" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_public_pages_changed_rows();
--> statement-breakpoint
CREATE TRIGGER "settings_public_pages_truncate" AFTER TRUNCATE ON "settings" FOR EACH STATEMENT EXECUTE FUNCTION notify_public_pages_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "exchange_rates_public_pages_changed" ON "exchange_rates";
--> statement-breakpoint
CREATE TRIGGER "exchange_rates_public_pages_insert" AFTER INSERT ON "exchange_rates" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_public_pages_changed_rows();
--> statement-breakpoint
CREATE TRIGGER "exchange_rates_public_pages_update" AFTER UPDATE ON "exchange_rates" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_public_pages_changed_rows();
--> statement-breakpoint
CREATE TRIGGER "exchange_rates_public_pages_delete" AFTER DELETE ON "exchange_rates" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_public_pages_changed_rows();
--> statement-breakpoint
CREATE TRIGGER "exchange_rates_public_pages_truncate" AFTER TRUNCATE ON "exchange_rates" FOR EACH STATEMENT EXECUTE FUNCTION notify_public_pages_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "vendor_slug_history_public_pages_changed" ON "vendor_slug_history";
--> statement-breakpoint
CREATE TRIGGER "vendor_slug_history_public_pages_insert" AFTER INSERT ON "vendor_slug_history" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_public_pages_changed_rows();
--> statement-breakpoint
CREATE TRIGGER "vendor_slug_history_public_pages_update" AFTER UPDATE ON "vendor_slug_history" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_public_pages_changed_rows();
--> statement-breakpoint
CREATE TRIGGER "vendor_slug_history_public_pages_delete" AFTER DELETE ON "vendor_slug_history" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_public_pages_changed_rows();
--> statement-breakpoint
CREATE TRIGGER "vendor_slug_history_public_pages_truncate" AFTER TRUNCATE ON "vendor_slug_history" FOR EACH STATEMENT EXECUTE FUNCTION notify_public_pages_changed();
