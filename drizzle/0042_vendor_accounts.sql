CREATE TABLE "vendor_api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"vendor_id" uuid NOT NULL,
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"key_hash" text NOT NULL,
	"scopes" text[] NOT NULL,
	"requests_per_minute" integer NOT NULL,
	"window_started_at" timestamp with time zone,
	"window_count" integer DEFAULT 0 NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "vendor_api_keys_name_length" CHECK (char_length("vendor_api_keys"."name") <= 200),
	CONSTRAINT "vendor_api_keys_rpm_range" CHECK ("vendor_api_keys"."requests_per_minute" between 1 and 600),
	CONSTRAINT "vendor_api_keys_scopes_check" CHECK ("scopes" <@ array['offers:write', 'offers:read']::text[])
);
--> statement-breakpoint
CREATE TABLE "vendor_claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"vendor_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"token" text NOT NULL,
	"email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendor_claims_token_unique" UNIQUE("token"),
	CONSTRAINT "vendor_claims_vendor_user_uq" UNIQUE("vendor_id","user_id"),
	CONSTRAINT "vendor_claims_email_length" CHECK (char_length("vendor_claims"."email") <= 320)
);
--> statement-breakpoint
CREATE TABLE "vendor_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"vendor_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"granted_via" text NOT NULL,
	"granted_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendor_members_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "vendor_members_granted_via_check" CHECK ("granted_via" in ('meta', 'file', 'email', 'admin'))
);
--> statement-breakpoint
CREATE TABLE "vendor_offer_submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"vendor_id" uuid NOT NULL,
	"size_option_id" uuid NOT NULL,
	"vendor_peptide_id" uuid,
	"via" text NOT NULL,
	"api_key_id" uuid,
	"price" numeric(13, 3) NOT NULL,
	"currency" text NOT NULL,
	"stock_status" text NOT NULL,
	"url" text NOT NULL,
	"status" text NOT NULL,
	"storefront_price" numeric(13, 3),
	"storefront_stock" text,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" text,
	CONSTRAINT "vendor_offer_submissions_status_check" CHECK ("status" in ('live', 'held', 'approved', 'rejected')),
	CONSTRAINT "vendor_offer_submissions_via_check" CHECK ("via" in ('api', 'feed')),
	CONSTRAINT "vendor_offer_submissions_stock_check" CHECK ("stock_status" in ('in_stock', 'low_stock', 'out_of_stock')),
	CONSTRAINT "vendor_offer_submissions_price_nonnegative" CHECK ("vendor_offer_submissions"."price" >= 0),
	CONSTRAINT "vendor_offer_submissions_url_length" CHECK (char_length("vendor_offer_submissions"."url") <= 2048),
	CONSTRAINT "vendor_offer_submissions_reason_length" CHECK (char_length("vendor_offer_submissions"."reason") <= 500)
);
--> statement-breakpoint
CREATE TABLE "vendor_replies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"vendor_id" uuid NOT NULL,
	"subject" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"body" text NOT NULL,
	"author_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendor_replies_subject_uq" UNIQUE("subject","subject_id"),
	CONSTRAINT "vendor_replies_subject_check" CHECK ("subject" in ('lab_test', 'review')),
	CONSTRAINT "vendor_replies_body_length" CHECK (char_length("vendor_replies"."body") <= 2000)
);
--> statement-breakpoint
ALTER TABLE "scrape_sources" DROP CONSTRAINT "scrape_sources_kind_check";--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "vendor_reported_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "vendor_peptides" ADD COLUMN "vendor_supplied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "vendor_api_keys" ADD CONSTRAINT "vendor_api_keys_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_api_keys" ADD CONSTRAINT "vendor_api_keys_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_claims" ADD CONSTRAINT "vendor_claims_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_claims" ADD CONSTRAINT "vendor_claims_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_members" ADD CONSTRAINT "vendor_members_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_members" ADD CONSTRAINT "vendor_members_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_members" ADD CONSTRAINT "vendor_members_granted_by_user_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_offer_submissions" ADD CONSTRAINT "vendor_offer_submissions_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_offer_submissions" ADD CONSTRAINT "vendor_offer_submissions_size_option_id_size_options_id_fk" FOREIGN KEY ("size_option_id") REFERENCES "public"."size_options"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_offer_submissions" ADD CONSTRAINT "vendor_offer_submissions_vendor_peptide_id_vendor_peptides_id_fk" FOREIGN KEY ("vendor_peptide_id") REFERENCES "public"."vendor_peptides"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_offer_submissions" ADD CONSTRAINT "vendor_offer_submissions_api_key_id_vendor_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."vendor_api_keys"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_offer_submissions" ADD CONSTRAINT "vendor_offer_submissions_decided_by_user_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_replies" ADD CONSTRAINT "vendor_replies_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_replies" ADD CONSTRAINT "vendor_replies_author_user_id_user_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_api_keys_prefix_uq" ON "vendor_api_keys" USING btree ("prefix");--> statement-breakpoint
CREATE INDEX "vendor_api_keys_vendor_idx" ON "vendor_api_keys" USING btree ("vendor_id");--> statement-breakpoint
CREATE INDEX "vendor_members_vendor_idx" ON "vendor_members" USING btree ("vendor_id");--> statement-breakpoint
CREATE INDEX "vendor_offer_submissions_status_idx" ON "vendor_offer_submissions" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "vendor_offer_submissions_vendor_idx" ON "vendor_offer_submissions" USING btree ("vendor_id","created_at");--> statement-breakpoint
ALTER TABLE "scrape_sources" ADD CONSTRAINT "scrape_sources_kind_check" CHECK ("kind" in ('page', 'woocommerce', 'shopify', 'sitemap', 'merchant_feed'));