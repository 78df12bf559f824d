-- Every write to a table public pages show tells each app instance to empty its page cache
-- (app/.server/page-cache.server.ts LISTENs). One notification per statement; PostgreSQL folds
-- repeats within a transaction into one, sent at commit. A new public table gets a trigger too.
--> statement-breakpoint
CREATE OR REPLACE FUNCTION notify_public_pages_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('public_pages_changed', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "categories_public_pages_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "categories" FOR EACH STATEMENT EXECUTE FUNCTION notify_public_pages_changed();
--> statement-breakpoint
CREATE TRIGGER "peptides_public_pages_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "peptides" FOR EACH STATEMENT EXECUTE FUNCTION notify_public_pages_changed();
--> statement-breakpoint
CREATE TRIGGER "size_options_public_pages_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "size_options" FOR EACH STATEMENT EXECUTE FUNCTION notify_public_pages_changed();
--> statement-breakpoint
CREATE TRIGGER "vendors_public_pages_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "vendors" FOR EACH STATEMENT EXECUTE FUNCTION notify_public_pages_changed();
--> statement-breakpoint
CREATE TRIGGER "coupons_public_pages_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "coupons" FOR EACH STATEMENT EXECUTE FUNCTION notify_public_pages_changed();
--> statement-breakpoint
CREATE TRIGGER "vendor_peptides_public_pages_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "vendor_peptides" FOR EACH STATEMENT EXECUTE FUNCTION notify_public_pages_changed();
--> statement-breakpoint
CREATE TRIGGER "peptide_slug_history_public_pages_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "peptide_slug_history" FOR EACH STATEMENT EXECUTE FUNCTION notify_public_pages_changed();
--> statement-breakpoint
CREATE TRIGGER "price_history_public_pages_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "price_history" FOR EACH STATEMENT EXECUTE FUNCTION notify_public_pages_changed();
--> statement-breakpoint
CREATE TRIGGER "hero_content_public_pages_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "hero_content" FOR EACH STATEMENT EXECUTE FUNCTION notify_public_pages_changed();
--> statement-breakpoint
CREATE TRIGGER "footer_content_public_pages_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "footer_content" FOR EACH STATEMENT EXECUTE FUNCTION notify_public_pages_changed();
--> statement-breakpoint
CREATE TRIGGER "ads_public_pages_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "ads" FOR EACH STATEMENT EXECUTE FUNCTION notify_public_pages_changed();
--> statement-breakpoint
CREATE TRIGGER "category_filters_public_pages_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "category_filters" FOR EACH STATEMENT EXECUTE FUNCTION notify_public_pages_changed();
--> statement-breakpoint
CREATE TRIGGER "settings_public_pages_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "settings" FOR EACH STATEMENT EXECUTE FUNCTION notify_public_pages_changed();
--> statement-breakpoint
CREATE TRIGGER "exchange_rates_public_pages_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "exchange_rates" FOR EACH STATEMENT EXECUTE FUNCTION notify_public_pages_changed();
