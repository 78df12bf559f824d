CREATE TABLE "shop_reads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"input" jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"message" text,
	"result" jsonb,
	"owner_instance_id" text,
	"last_heartbeat_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "shop_reads_status_check" CHECK ("status" in ('queued', 'running', 'succeeded', 'failed')),
	CONSTRAINT "shop_reads_kind_check" CHECK ("kind" in ('selector-test', 'vendor-claim', 'vendor-offers', 'offer-recheck'))
);
--> statement-breakpoint
ALTER TABLE "vendor_offer_submissions" DROP CONSTRAINT "vendor_offer_submissions_status_check";--> statement-breakpoint
CREATE INDEX "shop_reads_subject_idx" ON "shop_reads" USING btree ("kind","subject","created_at");--> statement-breakpoint
CREATE INDEX "shop_reads_status_idx" ON "shop_reads" USING btree ("status","created_at");--> statement-breakpoint
ALTER TABLE "vendor_offer_submissions" ADD CONSTRAINT "vendor_offer_submissions_status_check" CHECK ("status" in ('pending', 'live', 'held', 'approved', 'rejected'));