CREATE TABLE "vendor_slug_history" (
	"slug" text PRIMARY KEY NOT NULL,
	"vendor_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendor_slug_history_slug_length" CHECK (char_length("vendor_slug_history"."slug") <= 100)
);
--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "slug" text GENERATED ALWAYS AS (coalesce(nullif(trim(both '-' from left(regexp_replace(regexp_replace(lower(normalize(name, NFKD)), '[\u0300-\u036f]', '', 'g'), '[^a-z0-9]+', '-', 'g'), 80)), ''), 'vendor-' || left(id::text, 8))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "vendor_slug_history" ADD CONSTRAINT "vendor_slug_history_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "vendors_slug_uq" ON "vendors" USING btree ("slug");