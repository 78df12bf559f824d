CREATE TABLE "scrape_host_slots" (
	"host" text PRIMARY KEY NOT NULL,
	"next_allowed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scrape_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trigger" text NOT NULL,
	"lock_key" text NOT NULL,
	"source_id" uuid,
	"status" text DEFAULT 'queued' NOT NULL,
	"sources_total" integer DEFAULT 0 NOT NULL,
	"sources_done" integer DEFAULT 0 NOT NULL,
	"pages_fetched" integer DEFAULT 0 NOT NULL,
	"listings_found" integer DEFAULT 0 NOT NULL,
	"matched" integer DEFAULT 0 NOT NULL,
	"sent_to_review" integer DEFAULT 0 NOT NULL,
	"ok" boolean,
	"message" text,
	"result" jsonb,
	"requested_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scrape_runs_status_check" CHECK ("status" in ('queued', 'running', 'succeeded', 'failed')),
	CONSTRAINT "scrape_runs_trigger_check" CHECK ("trigger" in ('manual', 'scheduled'))
);
--> statement-breakpoint
ALTER TABLE "scrape_runs" ADD CONSTRAINT "scrape_runs_source_id_scrape_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."scrape_sources"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "scrape_runs_active_lock_idx" ON "scrape_runs" USING btree ("lock_key") WHERE "scrape_runs"."status" in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "scrape_runs_created_idx" ON "scrape_runs" USING btree ("created_at");