ALTER TABLE "price_alerts" ADD COLUMN "ship_to" text;--> statement-breakpoint
ALTER TABLE "price_alerts" ADD CONSTRAINT "price_alerts_ship_to_check" CHECK ("price_alerts"."ship_to" ~ '^[A-Z]{2}$');