CREATE TABLE "lab_tests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"vendor_id" uuid NOT NULL,
	"peptide_id" uuid NOT NULL,
	"size_option_id" uuid,
	"lab_name" text NOT NULL,
	"tested_on" date NOT NULL,
	"batch" text,
	"claimed_mass_mg" numeric(12, 3),
	"measured_mass_mg" numeric(12, 3),
	"purity_percent" numeric(5, 2),
	"endotoxin" text,
	"heavy_metals" text,
	"report_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lab_tests_claimed_mass_positive" CHECK ("lab_tests"."claimed_mass_mg" > 0),
	CONSTRAINT "lab_tests_measured_mass_nonnegative" CHECK ("lab_tests"."measured_mass_mg" >= 0),
	CONSTRAINT "lab_tests_purity_range" CHECK ("lab_tests"."purity_percent" between 0 and 100),
	CONSTRAINT "lab_tests_lab_name_length" CHECK (char_length("lab_name") <= 200),
	CONSTRAINT "lab_tests_batch_length" CHECK (char_length("batch") <= 64),
	CONSTRAINT "lab_tests_endotoxin_length" CHECK (char_length("endotoxin") <= 200),
	CONSTRAINT "lab_tests_heavy_metals_length" CHECK (char_length("heavy_metals") <= 200),
	CONSTRAINT "lab_tests_report_url_length" CHECK (char_length("report_url") <= 2048)
);
--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "lab_test_min_purity_percent" numeric(5, 2) DEFAULT 98 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "lab_test_max_mass_deviation_percent" numeric(5, 2) DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "lab_tests" ADD CONSTRAINT "lab_tests_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_tests" ADD CONSTRAINT "lab_tests_peptide_id_peptides_id_fk" FOREIGN KEY ("peptide_id") REFERENCES "public"."peptides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_tests" ADD CONSTRAINT "lab_tests_size_option_id_size_options_id_fk" FOREIGN KEY ("size_option_id") REFERENCES "public"."size_options"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lab_tests_vendor_peptide_idx" ON "lab_tests" USING btree ("vendor_id","peptide_id","tested_on");--> statement-breakpoint
CREATE INDEX "lab_tests_peptide_idx" ON "lab_tests" USING btree ("peptide_id","tested_on");--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_lab_test_min_purity_range" CHECK ("settings"."lab_test_min_purity_percent" between 0 and 100);--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_lab_test_max_mass_deviation_range" CHECK ("settings"."lab_test_max_mass_deviation_percent" > 0 and "settings"."lab_test_max_mass_deviation_percent" <= 100);