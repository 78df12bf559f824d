CREATE TABLE "scrape_source_health" (
	"source_id" uuid PRIMARY KEY NOT NULL,
	"consecutive_failures" integer DEFAULT 0 NOT NULL,
	"incident_since" timestamp with time zone,
	"incident_reason" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "scrape_runs" ADD COLUMN "owner_instance_id" text;--> statement-breakpoint
ALTER TABLE "scrape_runs" ADD COLUMN "last_heartbeat_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "scrape_runs" ADD COLUMN "covered_source_ids" uuid[];--> statement-breakpoint
ALTER TABLE "scrape_source_health" ADD CONSTRAINT "scrape_source_health_source_id_scrape_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."scrape_sources"("id") ON DELETE cascade ON UPDATE no action;