CREATE TABLE "outbound_clicks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"clicked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"offer_id" uuid,
	"vendor_id" uuid NOT NULL,
	"page" text,
	"ship_to" text,
	"affiliated" boolean NOT NULL,
	CONSTRAINT "outbound_clicks_page_length" CHECK (char_length("page") <= 2048),
	CONSTRAINT "outbound_clicks_ship_to_length" CHECK (char_length("ship_to") <= 2)
);
--> statement-breakpoint
ALTER TABLE "footer_content" DROP CONSTRAINT "footer_content_section_check";--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "affiliate_links_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "affiliate_template" text;--> statement-breakpoint
CREATE INDEX "outbound_clicks_clicked_idx" ON "outbound_clicks" USING btree ("clicked_at");--> statement-breakpoint
CREATE INDEX "outbound_clicks_vendor_clicked_idx" ON "outbound_clicks" USING btree ("vendor_id","clicked_at");--> statement-breakpoint
ALTER TABLE "footer_content" ADD CONSTRAINT "footer_content_section_check" CHECK ("section" in ('about', 'vendors', 'legal', 'contact', 'copyright', 'disclosure'));--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_affiliate_template_length" CHECK (char_length("affiliate_template") <= 2048);