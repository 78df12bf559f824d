ALTER TABLE "vendor_lab_reports" ADD COLUMN "pending_file" "bytea";--> statement-breakpoint
ALTER TABLE "vendor_lab_reports" ADD COLUMN "pending_file_name" text;