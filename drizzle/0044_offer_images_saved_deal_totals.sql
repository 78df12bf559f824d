ALTER TABLE "saved_deals" ADD COLUMN "total_at_save" numeric(13, 3);--> statement-breakpoint
ALTER TABLE "saved_deals" ADD COLUMN "total_currency_at_save" text;--> statement-breakpoint
ALTER TABLE "vendor_peptides" ADD COLUMN "image_url" text;--> statement-breakpoint
ALTER TABLE "vendor_peptides" ADD COLUMN "image_source_url" text;--> statement-breakpoint
ALTER TABLE "vendor_peptides" ADD CONSTRAINT "vendor_peptides_image_url_length" CHECK (char_length("image_url") <= 2048);--> statement-breakpoint
ALTER TABLE "vendor_peptides" ADD CONSTRAINT "vendor_peptides_image_source_url_length" CHECK (char_length("image_source_url") <= 2048);