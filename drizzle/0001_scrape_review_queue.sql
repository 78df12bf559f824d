CREATE TABLE "scrape_review_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"source_id" uuid,
	"vendor_id" uuid,
	"name" text NOT NULL,
	"price" numeric(12, 2),
	"currency" text DEFAULT 'USD' NOT NULL,
	"link" text,
	"sold_out" boolean DEFAULT false NOT NULL,
	"reason" text NOT NULL,
	"suggested_peptide_id" uuid,
	"suggested_size_option_id" uuid,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scrape_review_items_reason_check" CHECK ("reason" in ('unmatched', 'suspicious')),
	CONSTRAINT "scrape_review_items_status_check" CHECK ("status" in ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "scrape_review_items" ADD CONSTRAINT "scrape_review_items_source_id_scrape_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."scrape_sources"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scrape_review_items" ADD CONSTRAINT "scrape_review_items_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scrape_review_items" ADD CONSTRAINT "scrape_review_items_suggested_peptide_id_peptides_id_fk" FOREIGN KEY ("suggested_peptide_id") REFERENCES "public"."peptides"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scrape_review_items" ADD CONSTRAINT "scrape_review_items_suggested_size_option_id_size_options_id_fk" FOREIGN KEY ("suggested_size_option_id") REFERENCES "public"."size_options"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scrape_review_items_status_created_idx" ON "scrape_review_items" USING btree ("status","created_at");