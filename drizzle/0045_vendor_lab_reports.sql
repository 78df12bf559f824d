CREATE TABLE "vendor_lab_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"vendor_id" uuid NOT NULL,
	"peptide_id" uuid NOT NULL,
	"size_option_id" uuid,
	"covers_all_sizes" boolean DEFAULT false NOT NULL,
	"lab_name" text NOT NULL,
	"tested_on" date NOT NULL,
	"batch" text,
	"claimed_mass_mg" numeric(12, 3),
	"measured_mass_mg" numeric(12, 3),
	"purity_percent" numeric(5, 2),
	"report_url" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"rejection_reason" text,
	"lab_test_id" uuid,
	"submitted_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" text,
	CONSTRAINT "vendor_lab_reports_status_check" CHECK ("status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "vendor_lab_reports_claimed_mass_positive" CHECK ("vendor_lab_reports"."claimed_mass_mg" > 0),
	CONSTRAINT "vendor_lab_reports_measured_mass_nonnegative" CHECK ("vendor_lab_reports"."measured_mass_mg" >= 0),
	CONSTRAINT "vendor_lab_reports_purity_range" CHECK ("vendor_lab_reports"."purity_percent" between 0 and 100),
	CONSTRAINT "vendor_lab_reports_lab_name_length" CHECK (char_length("lab_name") <= 200),
	CONSTRAINT "vendor_lab_reports_batch_length" CHECK (char_length("batch") <= 64),
	CONSTRAINT "vendor_lab_reports_report_url_length" CHECK (char_length("report_url") <= 2048),
	CONSTRAINT "vendor_lab_reports_rejection_length" CHECK (char_length("rejection_reason") <= 300)
);
--> statement-breakpoint
ALTER TABLE "vendor_lab_reports" ADD CONSTRAINT "vendor_lab_reports_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_lab_reports" ADD CONSTRAINT "vendor_lab_reports_peptide_id_peptides_id_fk" FOREIGN KEY ("peptide_id") REFERENCES "public"."peptides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_lab_reports" ADD CONSTRAINT "vendor_lab_reports_size_option_id_size_options_id_fk" FOREIGN KEY ("size_option_id") REFERENCES "public"."size_options"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_lab_reports" ADD CONSTRAINT "vendor_lab_reports_lab_test_id_lab_tests_id_fk" FOREIGN KEY ("lab_test_id") REFERENCES "public"."lab_tests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_lab_reports" ADD CONSTRAINT "vendor_lab_reports_submitted_by_user_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_lab_reports" ADD CONSTRAINT "vendor_lab_reports_decided_by_user_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vendor_lab_reports_status_idx" ON "vendor_lab_reports" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "vendor_lab_reports_vendor_idx" ON "vendor_lab_reports" USING btree ("vendor_id","created_at");