ALTER TABLE "scrape_logs" DROP CONSTRAINT "scrape_logs_status_check";--> statement-breakpoint
ALTER TABLE "coupons" ALTER COLUMN "discount_amount" SET DATA TYPE numeric(13, 3);--> statement-breakpoint
ALTER TABLE "price_alerts" ALTER COLUMN "target_price" SET DATA TYPE numeric(13, 3);--> statement-breakpoint
ALTER TABLE "price_alerts" ALTER COLUMN "last_price" SET DATA TYPE numeric(13, 3);--> statement-breakpoint
ALTER TABLE "price_alerts" ALTER COLUMN "last_notified_price" SET DATA TYPE numeric(13, 3);--> statement-breakpoint
ALTER TABLE "price_history" ALTER COLUMN "price" SET DATA TYPE numeric(13, 3);--> statement-breakpoint
ALTER TABLE "saved_deals" ALTER COLUMN "price_at_save" SET DATA TYPE numeric(13, 3);--> statement-breakpoint
ALTER TABLE "saved_deals" ALTER COLUMN "last_alerted_price" SET DATA TYPE numeric(13, 3);--> statement-breakpoint
ALTER TABLE "scrape_review_items" ALTER COLUMN "price" SET DATA TYPE numeric(13, 3);--> statement-breakpoint
ALTER TABLE "vendor_peptides" ALTER COLUMN "price" SET DATA TYPE numeric(13, 3);--> statement-breakpoint
ALTER TABLE "vendors" ALTER COLUMN "shipping_fee" SET DATA TYPE numeric(13, 3);--> statement-breakpoint
ALTER TABLE "vendors" ALTER COLUMN "free_shipping_threshold" SET DATA TYPE numeric(13, 3);--> statement-breakpoint
ALTER TABLE "scrape_sources" ADD COLUMN "read_cursor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "scrape_sources" ADD COLUMN "read_progress" text;--> statement-breakpoint
ALTER TABLE "vendor_peptides" ADD COLUMN "price_held_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "scrape_logs" ADD CONSTRAINT "scrape_logs_status_check" CHECK ("status" in ('success', 'warning', 'error'));