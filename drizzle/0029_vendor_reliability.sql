CREATE TABLE "vendor_reliability" (
	"vendor_id" uuid PRIMARY KEY NOT NULL,
	"score" integer,
	"components" jsonb NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendor_reliability_score_range" CHECK ("vendor_reliability"."score" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "vendor_reliability" ADD CONSTRAINT "vendor_reliability_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vendor_reliability_score_idx" ON "vendor_reliability" USING btree ("score");