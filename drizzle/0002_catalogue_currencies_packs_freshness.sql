CREATE TABLE "exchange_rates" (
	"currency" text PRIMARY KEY NOT NULL,
	"units_per_usd" numeric(20, 8) NOT NULL,
	"source" text DEFAULT 'manual' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchange_rates_currency_check" CHECK ("currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "exchange_rates_rate_positive" CHECK ("exchange_rates"."units_per_usd" > 0),
	CONSTRAINT "exchange_rates_source_check" CHECK ("source" in ('manual', 'ecb'))
);
--> statement-breakpoint
ALTER TABLE "vendor_peptides" DROP CONSTRAINT "vendor_peptides_currency_check";--> statement-breakpoint
DROP INDEX "vendor_peptides_vendor_size_uq";--> statement-breakpoint
ALTER TABLE "peptides" ADD COLUMN "aliases" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "stale_after_missed_runs" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "exchange_rates_auto_refresh" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "vendor_peptides" ADD COLUMN "vials" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "vendor_peptides" ADD COLUMN "missed_scrapes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_peptides_vendor_size_vials_uq" ON "vendor_peptides" USING btree ("vendor_id","size_option_id","vials");--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_stale_after_range" CHECK ("settings"."stale_after_missed_runs" between 1 and 100);--> statement-breakpoint
ALTER TABLE "vendor_peptides" ADD CONSTRAINT "vendor_peptides_vials_positive" CHECK ("vendor_peptides"."vials" >= 1);--> statement-breakpoint
ALTER TABLE "vendor_peptides" ADD CONSTRAINT "vendor_peptides_missed_scrapes_nonnegative" CHECK ("vendor_peptides"."missed_scrapes" >= 0);--> statement-breakpoint
ALTER TABLE "vendor_peptides" ADD CONSTRAINT "vendor_peptides_currency_check" CHECK ("currency" ~ '^[A-Z]{3}$');