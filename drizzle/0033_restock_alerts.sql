ALTER TABLE "price_alerts" DROP CONSTRAINT "price_alerts_mode_check";--> statement-breakpoint
ALTER TABLE "price_alerts" ADD COLUMN "vendor_peptide_id" uuid;--> statement-breakpoint
ALTER TABLE "price_alerts" ADD CONSTRAINT "price_alerts_vendor_peptide_id_vendor_peptides_id_fk" FOREIGN KEY ("vendor_peptide_id") REFERENCES "public"."vendor_peptides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_alerts" ADD CONSTRAINT "price_alerts_offer_only_restock" CHECK ("price_alerts"."vendor_peptide_id" is null or "price_alerts"."mode" = 'restock');--> statement-breakpoint
ALTER TABLE "price_alerts" ADD CONSTRAINT "price_alerts_mode_check" CHECK ("mode" in ('below', 'change', 'restock'));