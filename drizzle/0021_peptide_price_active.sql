ALTER TABLE "peptides" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "vendor_peptides" ADD COLUMN "active" boolean DEFAULT true NOT NULL;