-- Existing rows are brought within the new limits first, so the constraints can be added.
UPDATE "peptides" SET "popular_order" = NULL WHERE NOT "is_popular" AND "popular_order" IS NOT NULL;--> statement-breakpoint
UPDATE "peptides" SET "is_popular" = false WHERE "is_popular" AND "popular_order" IS NULL;--> statement-breakpoint
UPDATE "peptides" SET "is_popular" = false, "popular_order" = NULL WHERE "id" IN (SELECT "id" FROM (SELECT "id", row_number() OVER (PARTITION BY "popular_order" ORDER BY "updated_at" DESC, "id") AS "n" FROM "peptides" WHERE "popular_order" IS NOT NULL) AS "ranked" WHERE "n" > 1);--> statement-breakpoint
UPDATE "peptides" SET "name" = left("name", 200) WHERE char_length("name") > 200;--> statement-breakpoint
UPDATE "peptides" SET "slug" = left("slug", 200) WHERE char_length("slug") > 200;--> statement-breakpoint
UPDATE "peptides" SET "description" = left("description", 10000) WHERE char_length("description") > 10000;--> statement-breakpoint
UPDATE "peptides" SET "image_url" = NULL WHERE char_length("image_url") > 2048;--> statement-breakpoint
UPDATE "peptides" SET "key_benefits" = "key_benefits"[1:20] WHERE cardinality("key_benefits") > 20;--> statement-breakpoint
UPDATE "peptides" SET "aliases" = "aliases"[1:50] WHERE cardinality("aliases") > 50;--> statement-breakpoint
UPDATE "size_options" SET "unit_label" = left("unit_label", 64) WHERE char_length("unit_label") > 64;--> statement-breakpoint
UPDATE "coupons" SET "code" = left("code", 64) WHERE char_length("code") > 64;--> statement-breakpoint
UPDATE "vendor_peptides" SET "url" = NULL WHERE char_length("url") > 2048;--> statement-breakpoint
UPDATE "vendor_peptides" SET "purity" = left("purity", 64) WHERE char_length("purity") > 64;--> statement-breakpoint
UPDATE "vendor_peptides" SET "notes" = left("notes", 10000) WHERE char_length("notes") > 10000;--> statement-breakpoint
UPDATE "vendors" SET "name" = left("name", 200) WHERE char_length("name") > 200;--> statement-breakpoint
UPDATE "vendors" SET "website" = NULL WHERE char_length("website") > 2048;--> statement-breakpoint
UPDATE "vendors" SET "logo_url" = NULL WHERE char_length("logo_url") > 2048;--> statement-breakpoint
UPDATE "vendors" SET "shipping_cost" = left("shipping_cost", 500) WHERE char_length("shipping_cost") > 500;--> statement-breakpoint
CREATE UNIQUE INDEX "peptides_popular_order_uq" ON "peptides" USING btree ("popular_order");--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_code_length" CHECK (char_length("code") <= 64);--> statement-breakpoint
ALTER TABLE "peptides" ADD CONSTRAINT "peptides_popular_has_order" CHECK ("peptides"."is_popular" = ("peptides"."popular_order" is not null));--> statement-breakpoint
ALTER TABLE "peptides" ADD CONSTRAINT "peptides_name_length" CHECK (char_length("name") <= 200);--> statement-breakpoint
ALTER TABLE "peptides" ADD CONSTRAINT "peptides_slug_length" CHECK (char_length("slug") <= 200);--> statement-breakpoint
ALTER TABLE "peptides" ADD CONSTRAINT "peptides_description_length" CHECK (char_length("description") <= 10000);--> statement-breakpoint
ALTER TABLE "peptides" ADD CONSTRAINT "peptides_image_url_length" CHECK (char_length("image_url") <= 2048);--> statement-breakpoint
ALTER TABLE "peptides" ADD CONSTRAINT "peptides_key_benefits_length" CHECK (cardinality("key_benefits") <= 20 and char_length(array_to_string("key_benefits", '')) <= 10000);--> statement-breakpoint
ALTER TABLE "peptides" ADD CONSTRAINT "peptides_aliases_length" CHECK (cardinality("aliases") <= 50 and char_length(array_to_string("aliases", '')) <= 5000);--> statement-breakpoint
ALTER TABLE "size_options" ADD CONSTRAINT "size_options_unit_label_length" CHECK (char_length("unit_label") <= 64);--> statement-breakpoint
ALTER TABLE "vendor_peptides" ADD CONSTRAINT "vendor_peptides_url_length" CHECK (char_length("url") <= 2048);--> statement-breakpoint
ALTER TABLE "vendor_peptides" ADD CONSTRAINT "vendor_peptides_purity_length" CHECK (char_length("purity") <= 64);--> statement-breakpoint
ALTER TABLE "vendor_peptides" ADD CONSTRAINT "vendor_peptides_notes_length" CHECK (char_length("notes") <= 10000);--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_name_length" CHECK (char_length("name") <= 200);--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_website_length" CHECK (char_length("website") <= 2048);--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_logo_url_length" CHECK (char_length("logo_url") <= 2048);--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_shipping_cost_length" CHECK (char_length("shipping_cost") <= 500);--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_ships_to_length" CHECK (cardinality("ships_to") <= 250 and char_length(array_to_string("ships_to", '')) <= 500);