CREATE TABLE "account" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "admin_users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"user_id" text NOT NULL,
	"added_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admin_users_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "ads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" text DEFAULT 'basic' NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"image_url" text,
	"link_url" text,
	"cta_text" text DEFAULT 'Learn More' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"placement" text DEFAULT 'homepage' NOT NULL,
	"size" text DEFAULT 'full' NOT NULL,
	"overlay_position" text,
	"overlay_color" text,
	"text_color" text,
	"media_url" text,
	"media_type" text,
	"logo_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ads_type_check" CHECK ("type" in ('basic', 'overlay', 'media')),
	CONSTRAINT "ads_placement_check" CHECK ("placement" in ('homepage', 'category_page', 'comparison_page')),
	CONSTRAINT "ads_size_check" CHECK ("size" in ('full', 'half', 'single')),
	CONSTRAINT "ads_overlay_position_check" CHECK (overlay_position is null or "overlay_position" in ('top', 'center', 'bottom')),
	CONSTRAINT "ads_media_type_check" CHECK (media_type is null or "media_type" in ('image', 'video'))
);
--> statement-breakpoint
CREATE TABLE "app_meta" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_user_id" text,
	"actor_email" text,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text,
	"details" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "categories_name_unique" UNIQUE("name"),
	CONSTRAINT "categories_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "category_filters" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"type" text DEFAULT 'checkbox' NOT NULL,
	"field" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "category_filters_type_check" CHECK ("type" in ('checkbox', 'range', 'radio')),
	CONSTRAINT "category_filters_field_check" CHECK ("field" in ('size', 'vendor', 'price', 'rating'))
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"vendor_id" uuid NOT NULL,
	"code" text NOT NULL,
	"discount_amount" numeric(12, 2) NOT NULL,
	"discount_type" text NOT NULL,
	"expiration_date" date,
	CONSTRAINT "coupons_vendor_id_unique" UNIQUE("vendor_id"),
	CONSTRAINT "coupons_discount_type_check" CHECK ("discount_type" in ('percentage', 'fixed')),
	CONSTRAINT "coupons_discount_amount_positive" CHECK ("coupons"."discount_amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "footer_content" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"section" text NOT NULL,
	"title" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "footer_content_section_unique" UNIQUE("section"),
	CONSTRAINT "footer_content_section_check" CHECK ("section" in ('about', 'vendors', 'legal', 'contact', 'copyright'))
);
--> statement-breakpoint
CREATE TABLE "hero_content" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"subtitle" text,
	"description" text,
	"primary_button_text" text,
	"secondary_button_text" text,
	"image_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "peptides" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"description" text,
	"image_url" text,
	"category_id" uuid,
	"key_benefits" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_popular" boolean DEFAULT false NOT NULL,
	"popular_order" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "peptides_slug_unique" UNIQUE("slug"),
	CONSTRAINT "peptides_popular_order_range" CHECK ("peptides"."popular_order" between 1 and 3)
);
--> statement-breakpoint
CREATE TABLE "price_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"vendor_peptide_id" uuid NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"in_stock" boolean NOT NULL,
	"observed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limit" (
	"id" text PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"count" integer NOT NULL,
	"last_request" bigint NOT NULL,
	CONSTRAINT "rate_limit_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "saved_deals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"vendor_peptide_id" uuid,
	"peptide_name" text NOT NULL,
	"vendor_name" text NOT NULL,
	"quantity" numeric(12, 3),
	"unit" text,
	"purity" text,
	"currency" text DEFAULT 'USD' NOT NULL,
	"price_at_save" numeric(12, 2) NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"notes" text,
	"alert_enabled" boolean DEFAULT true NOT NULL,
	"last_alerted_price" numeric(12, 2),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scrape_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"source_id" uuid,
	"url" text NOT NULL,
	"status" text NOT NULL,
	"details" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scrape_logs_status_check" CHECK ("status" in ('success', 'error'))
);
--> statement-breakpoint
CREATE TABLE "scrape_sources" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"retailer_name" text NOT NULL,
	"url" text NOT NULL,
	"status" text DEFAULT 'inactive' NOT NULL,
	"last_error" text,
	"last_scraped_at" timestamp with time zone,
	"page_type" text DEFAULT 'single' NOT NULL,
	"product_selector" text NOT NULL,
	"price_selector" text NOT NULL,
	"name_selector" text NOT NULL,
	"link_selector" text,
	"pagination_selector" text,
	"next_page_selector" text,
	"sold_out_selector" text,
	"vendor_id" uuid,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scrape_sources_status_check" CHECK ("status" in ('active', 'inactive', 'error')),
	CONSTRAINT "scrape_sources_page_type_check" CHECK ("page_type" in ('single', 'category'))
);
--> statement-breakpoint
CREATE TABLE "scraped_data" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"source_id" uuid NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"token" text NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "session_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"scrape_interval_seconds" integer DEFAULT 3600 NOT NULL,
	"max_urls_per_run" integer DEFAULT 50 NOT NULL,
	"request_delay_ms" integer DEFAULT 1000 NOT NULL,
	"respect_robots_txt" boolean DEFAULT true NOT NULL,
	"price_alerts_enabled" boolean DEFAULT true NOT NULL,
	"price_alert_threshold_percent" numeric(5, 2) DEFAULT 5 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "settings_single_row" CHECK ("settings"."id" = 1),
	CONSTRAINT "settings_interval_positive" CHECK ("settings"."scrape_interval_seconds" >= 60),
	CONSTRAINT "settings_max_urls_positive" CHECK ("settings"."max_urls_per_run" >= 1),
	CONSTRAINT "settings_delay_nonnegative" CHECK ("settings"."request_delay_ms" >= 0),
	CONSTRAINT "settings_threshold_range" CHECK ("settings"."price_alert_threshold_percent" > 0 and "settings"."price_alert_threshold_percent" <= 100)
);
--> statement-breakpoint
CREATE TABLE "size_options" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"peptide_id" uuid NOT NULL,
	"quantity" numeric(12, 3) NOT NULL,
	"unit" text NOT NULL,
	"unit_label" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "size_options_peptide_quantity_unit_uq" UNIQUE NULLS NOT DISTINCT("peptide_id","quantity","unit","unit_label"),
	CONSTRAINT "size_options_unit_check" CHECK ("unit" in ('mg', 'ml', 'mcg', 'IU', 'other')),
	CONSTRAINT "size_options_quantity_positive" CHECK ("size_options"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "user" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "vendor_peptides" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"peptide_id" uuid NOT NULL,
	"size_option_id" uuid NOT NULL,
	"vendor_id" uuid NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"url" text,
	"purity" text,
	"notes" text,
	"stock_status" text DEFAULT 'in_stock' NOT NULL,
	"source" text DEFAULT 'manual' NOT NULL,
	"price_checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendor_peptides_price_nonnegative" CHECK ("vendor_peptides"."price" >= 0),
	CONSTRAINT "vendor_peptides_currency_check" CHECK ("currency" in ('USD', 'EUR', 'GBP')),
	CONSTRAINT "vendor_peptides_stock_status_check" CHECK ("stock_status" in ('in_stock', 'low_stock', 'out_of_stock')),
	CONSTRAINT "vendor_peptides_source_check" CHECK ("source" in ('scraped', 'manual'))
);
--> statement-breakpoint
CREATE TABLE "vendors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"website" text,
	"logo_url" text,
	"is_preferred" boolean DEFAULT false NOT NULL,
	"shipping_cost" text,
	"rating" numeric(2, 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendors_name_unique" UNIQUE("name"),
	CONSTRAINT "vendors_rating_range" CHECK ("vendors"."rating" between 0 and 5)
);
--> statement-breakpoint
CREATE TABLE "verification" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account" ADD CONSTRAINT "account_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_users" ADD CONSTRAINT "admin_users_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_users" ADD CONSTRAINT "admin_users_added_by_user_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_user_id_user_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "peptides" ADD CONSTRAINT "peptides_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_history" ADD CONSTRAINT "price_history_vendor_peptide_id_vendor_peptides_id_fk" FOREIGN KEY ("vendor_peptide_id") REFERENCES "public"."vendor_peptides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_deals" ADD CONSTRAINT "saved_deals_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_deals" ADD CONSTRAINT "saved_deals_vendor_peptide_id_vendor_peptides_id_fk" FOREIGN KEY ("vendor_peptide_id") REFERENCES "public"."vendor_peptides"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scrape_logs" ADD CONSTRAINT "scrape_logs_source_id_scrape_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."scrape_sources"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scrape_sources" ADD CONSTRAINT "scrape_sources_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scraped_data" ADD CONSTRAINT "scraped_data_source_id_scrape_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."scrape_sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session" ADD CONSTRAINT "session_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "size_options" ADD CONSTRAINT "size_options_peptide_id_peptides_id_fk" FOREIGN KEY ("peptide_id") REFERENCES "public"."peptides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_peptides" ADD CONSTRAINT "vendor_peptides_peptide_id_peptides_id_fk" FOREIGN KEY ("peptide_id") REFERENCES "public"."peptides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_peptides" ADD CONSTRAINT "vendor_peptides_size_option_id_size_options_id_fk" FOREIGN KEY ("size_option_id") REFERENCES "public"."size_options"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_peptides" ADD CONSTRAINT "vendor_peptides_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_user_id_idx" ON "account" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "ads_placement_active_idx" ON "ads" USING btree ("placement","active");--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "peptides_category_id_idx" ON "peptides" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "peptides_name_idx" ON "peptides" USING btree ("name");--> statement-breakpoint
CREATE INDEX "peptides_popular_idx" ON "peptides" USING btree ("is_popular","popular_order");--> statement-breakpoint
CREATE INDEX "price_history_vendor_peptide_observed_idx" ON "price_history" USING btree ("vendor_peptide_id","observed_at");--> statement-breakpoint
CREATE INDEX "saved_deals_user_idx" ON "saved_deals" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "saved_deals_vendor_peptide_idx" ON "saved_deals" USING btree ("vendor_peptide_id");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_deals_user_vendor_peptide_uq" ON "saved_deals" USING btree ("user_id","vendor_peptide_id");--> statement-breakpoint
CREATE INDEX "scrape_logs_created_idx" ON "scrape_logs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "scraped_data_source_idx" ON "scraped_data" USING btree ("source_id","created_at");--> statement-breakpoint
CREATE INDEX "session_user_id_idx" ON "session" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_peptides_vendor_size_uq" ON "vendor_peptides" USING btree ("vendor_id","size_option_id");--> statement-breakpoint
CREATE INDEX "vendor_peptides_size_price_idx" ON "vendor_peptides" USING btree ("size_option_id","price");--> statement-breakpoint
CREATE INDEX "vendor_peptides_peptide_idx" ON "vendor_peptides" USING btree ("peptide_id");--> statement-breakpoint
CREATE INDEX "verification_identifier_idx" ON "verification" USING btree ("identifier");