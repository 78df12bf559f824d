-- A renamed vendor keeps its former slug in vendor_slug_history, so old /vendor/{slug} links
-- answer a 301 whoever renamed it (admin, script, restore). A live slug wins over a former one.
CREATE OR REPLACE FUNCTION record_vendor_slug_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM vendor_slug_history WHERE slug = NEW.slug;
  IF TG_OP = 'UPDATE' AND OLD.slug IS DISTINCT FROM NEW.slug THEN
    INSERT INTO vendor_slug_history (slug, vendor_id) VALUES (OLD.slug, NEW.id)
      ON CONFLICT (slug) DO UPDATE SET vendor_id = EXCLUDED.vendor_id, created_at = now();
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "vendors_slug_history" AFTER INSERT OR UPDATE OF "name" ON "vendors" FOR EACH ROW EXECUTE FUNCTION record_vendor_slug_change();
--> statement-breakpoint
CREATE TRIGGER "vendor_slug_history_public_pages_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "vendor_slug_history" FOR EACH STATEMENT EXECUTE FUNCTION notify_public_pages_changed();
