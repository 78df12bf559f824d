ALTER TABLE "scrape_review_items" DROP CONSTRAINT "scrape_review_items_reason_check";--> statement-breakpoint
ALTER TABLE "scrape_review_items" DROP CONSTRAINT "scrape_review_items_status_check";--> statement-breakpoint
-- Hand-written: the old reasons read as the new ones before the new check applies.
UPDATE "scrape_review_items" SET "reason" = CASE "reason" WHEN 'suspicious' THEN 'price_outlier' ELSE 'unknown_peptide' END WHERE "reason" in ('unmatched', 'suspicious');--> statement-breakpoint
ALTER TABLE "scrape_review_items" ALTER COLUMN "currency" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "scrape_review_items" ALTER COLUMN "currency" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "scrape_review_items" ADD COLUMN "quantity" numeric(12, 4);--> statement-breakpoint
ALTER TABLE "scrape_review_items" ADD COLUMN "unit" text;--> statement-breakpoint
ALTER TABLE "scrape_review_items" ADD COLUMN "vials" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "scrape_review_items" ADD COLUMN "form" text DEFAULT 'vial' NOT NULL;--> statement-breakpoint
ALTER TABLE "scrape_sources" ADD COLUMN "currency" text;--> statement-breakpoint
CREATE INDEX "scrape_review_items_vendor_name_idx" ON "scrape_review_items" USING btree ("vendor_id","name");--> statement-breakpoint
ALTER TABLE "scrape_review_items" ADD CONSTRAINT "scrape_review_items_form_check" CHECK ("form" in ('vial', 'capsule', 'tablet', 'spray', 'pen', 'other'));--> statement-breakpoint
ALTER TABLE "scrape_review_items" ADD CONSTRAINT "scrape_review_items_vials_positive" CHECK ("scrape_review_items"."vials" >= 1);--> statement-breakpoint
ALTER TABLE "scrape_review_items" ADD CONSTRAINT "scrape_review_items_currency_check" CHECK ("currency" ~ '^[A-Z]{3}$');--> statement-breakpoint
ALTER TABLE "scrape_review_items" ADD CONSTRAINT "scrape_review_items_reason_check" CHECK ("reason" in ('blend', 'not_vial', 'unknown_peptide', 'unknown_size', 'unknown_currency', 'price_outlier'));--> statement-breakpoint
ALTER TABLE "scrape_review_items" ADD CONSTRAINT "scrape_review_items_status_check" CHECK ("status" in ('pending', 'approved', 'rejected', 'ignored'));--> statement-breakpoint
ALTER TABLE "scrape_sources" ADD CONSTRAINT "scrape_sources_currency_check" CHECK ("currency" ~ '^[A-Z]{3}$');