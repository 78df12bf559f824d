CREATE TABLE "coupon_feedback" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"coupon_id" uuid NOT NULL,
	"code" text NOT NULL,
	"user_id" text NOT NULL,
	"worked" boolean NOT NULL,
	"week" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupon_feedback_code_length" CHECK (char_length("code") <= 64)
);
--> statement-breakpoint
CREATE TABLE "offer_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"vendor_peptide_id" uuid NOT NULL,
	"vendor_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"reporter_user_id" text,
	"reported_price" numeric(13, 3) NOT NULL,
	"reported_currency" text NOT NULL,
	"reported_stock" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"rechecked_at" timestamp with time zone,
	"recheck_result" text,
	"resolved_at" timestamp with time zone,
	"resolved_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offer_reports_kind_check" CHECK ("kind" in ('price', 'size', 'stock', 'coupon', 'link', 'other')),
	CONSTRAINT "offer_reports_status_check" CHECK ("status" in ('open', 'corrected', 'no_change', 'dismissed')),
	CONSTRAINT "offer_reports_detail_length" CHECK (char_length("detail") <= 500),
	CONSTRAINT "offer_reports_recheck_result_length" CHECK (char_length("recheck_result") <= 500),
	CONSTRAINT "offer_reports_reported_currency_check" CHECK ("reported_currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "offer_reports_reported_stock_check" CHECK ("reported_stock" in ('in_stock', 'low_stock', 'out_of_stock'))
);
--> statement-breakpoint
CREATE TABLE "vendor_review_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"review_id" uuid NOT NULL,
	"reporter_user_id" text,
	"reason" text NOT NULL,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendor_review_reports_reason_length" CHECK (char_length("reason") <= 300)
);
--> statement-breakpoint
CREATE TABLE "vendor_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"vendor_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"stars" integer NOT NULL,
	"text" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"rejection_reason" text,
	"moderated_at" timestamp with time zone,
	"moderated_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendor_reviews_stars_range" CHECK ("vendor_reviews"."stars" between 1 and 5),
	CONSTRAINT "vendor_reviews_status_check" CHECK ("status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "vendor_reviews_text_length" CHECK (char_length("text") <= 2000),
	CONSTRAINT "vendor_reviews_rejection_reason_length" CHECK (char_length("rejection_reason") <= 300)
);
--> statement-breakpoint
ALTER TABLE "coupon_feedback" ADD CONSTRAINT "coupon_feedback_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_feedback" ADD CONSTRAINT "coupon_feedback_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_reports" ADD CONSTRAINT "offer_reports_vendor_peptide_id_vendor_peptides_id_fk" FOREIGN KEY ("vendor_peptide_id") REFERENCES "public"."vendor_peptides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_reports" ADD CONSTRAINT "offer_reports_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_reports" ADD CONSTRAINT "offer_reports_reporter_user_id_user_id_fk" FOREIGN KEY ("reporter_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_reports" ADD CONSTRAINT "offer_reports_resolved_by_user_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_review_reports" ADD CONSTRAINT "vendor_review_reports_review_id_vendor_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."vendor_reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_review_reports" ADD CONSTRAINT "vendor_review_reports_reporter_user_id_user_id_fk" FOREIGN KEY ("reporter_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_reviews" ADD CONSTRAINT "vendor_reviews_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_reviews" ADD CONSTRAINT "vendor_reviews_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_reviews" ADD CONSTRAINT "vendor_reviews_moderated_by_user_id_fk" FOREIGN KEY ("moderated_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_feedback_user_week_uq" ON "coupon_feedback" USING btree ("coupon_id","user_id","week");--> statement-breakpoint
CREATE INDEX "coupon_feedback_coupon_created_idx" ON "coupon_feedback" USING btree ("coupon_id","code","created_at");--> statement-breakpoint
CREATE INDEX "offer_reports_status_created_idx" ON "offer_reports" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "offer_reports_vendor_created_idx" ON "offer_reports" USING btree ("vendor_id","created_at");--> statement-breakpoint
CREATE INDEX "offer_reports_offer_idx" ON "offer_reports" USING btree ("vendor_peptide_id");--> statement-breakpoint
CREATE INDEX "vendor_review_reports_review_idx" ON "vendor_review_reports" USING btree ("review_id","resolved_at");--> statement-breakpoint
CREATE INDEX "vendor_reviews_vendor_status_created_idx" ON "vendor_reviews" USING btree ("vendor_id","status","created_at");--> statement-breakpoint
CREATE INDEX "vendor_reviews_user_vendor_idx" ON "vendor_reviews" USING btree ("user_id","vendor_id","created_at");--> statement-breakpoint
CREATE INDEX "vendor_reviews_status_created_idx" ON "vendor_reviews" USING btree ("status","created_at");