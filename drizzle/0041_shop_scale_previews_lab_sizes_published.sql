CREATE TABLE "shop_preview_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"preview_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"offer" jsonb NOT NULL,
	"outcome" text NOT NULL,
	"match" jsonb NOT NULL,
	"ignored" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_previews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"address" text NOT NULL,
	"requested_by" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"phase" text,
	"requests" integer DEFAULT 0 NOT NULL,
	"offers_found" integer DEFAULT 0 NOT NULL,
	"message" text,
	"shop_url" text,
	"kind" text,
	"findings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"complete" boolean,
	"owner_instance_id" text,
	"last_heartbeat_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "shop_previews_status_check" CHECK ("status" in ('queued', 'running', 'succeeded', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "lab_tests" ADD COLUMN "covers_all_sizes" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "peptides" ADD COLUMN "published" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "scrape_review_items" ADD COLUMN "provenance" jsonb;--> statement-breakpoint
ALTER TABLE "scrape_sources" ADD COLUMN "read_total" integer;--> statement-breakpoint
ALTER TABLE "vendor_peptides" ADD COLUMN "price_provenance" jsonb;--> statement-breakpoint
ALTER TABLE "shop_preview_offers" ADD CONSTRAINT "shop_preview_offers_preview_id_shop_previews_id_fk" FOREIGN KEY ("preview_id") REFERENCES "public"."shop_previews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shop_preview_offers_position_idx" ON "shop_preview_offers" USING btree ("preview_id","position");--> statement-breakpoint
CREATE INDEX "shop_preview_offers_outcome_idx" ON "shop_preview_offers" USING btree ("preview_id","outcome","position");--> statement-breakpoint
CREATE INDEX "shop_previews_created_idx" ON "shop_previews" USING btree ("created_at");