CREATE TABLE "alert_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"channel" text NOT NULL,
	"url" text,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "alert_deliveries_channel_check" CHECK ("channel" in ('push', 'webhook', 'email')),
	CONSTRAINT "alert_deliveries_status_check" CHECK ("status" in ('pending', 'sending', 'sent', 'failed')),
	CONSTRAINT "alert_deliveries_url_length" CHECK (char_length("alert_deliveries"."url") <= 2048),
	CONSTRAINT "alert_deliveries_last_error_length" CHECK (char_length("alert_deliveries"."last_error") <= 500)
);
--> statement-breakpoint
CREATE TABLE "alert_digest_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"alert_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"item" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"peptide_id" uuid NOT NULL,
	"size_option_id" uuid NOT NULL,
	"mode" text DEFAULT 'below' NOT NULL,
	"target_price" numeric(12, 2),
	"currency" text DEFAULT 'USD' NOT NULL,
	"include_shipping" boolean DEFAULT false NOT NULL,
	"channels" text[] DEFAULT '{email}'::text[] NOT NULL,
	"webhook_url" text,
	"digest" text DEFAULT 'immediate' NOT NULL,
	"is_below" boolean DEFAULT false NOT NULL,
	"last_price" numeric(12, 2),
	"last_notified_price" numeric(12, 2),
	"last_notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_alerts_mode_check" CHECK ("mode" in ('below', 'change')),
	CONSTRAINT "price_alerts_digest_check" CHECK ("digest" in ('immediate', 'daily')),
	CONSTRAINT "price_alerts_currency_check" CHECK ("currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "price_alerts_target_positive" CHECK ("price_alerts"."target_price" > 0),
	CONSTRAINT "price_alerts_below_has_target" CHECK ("price_alerts"."mode" <> 'below' or "price_alerts"."target_price" is not null),
	CONSTRAINT "price_alerts_channels_check" CHECK (cardinality("channels") between 1 and 3 and "channels" <@ array['email', 'push', 'webhook']::text[]),
	CONSTRAINT "price_alerts_webhook_url_length" CHECK (char_length("price_alerts"."webhook_url") <= 2048),
	CONSTRAINT "price_alerts_webhook_needs_url" CHECK (not ('webhook' = any("price_alerts"."channels")) or "price_alerts"."webhook_url" is not null)
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_subscriptions_endpoint_unique" UNIQUE("endpoint"),
	CONSTRAINT "push_subscriptions_endpoint_length" CHECK (char_length("push_subscriptions"."endpoint") <= 2048),
	CONSTRAINT "push_subscriptions_p256dh_length" CHECK (char_length("push_subscriptions"."p256dh") <= 200),
	CONSTRAINT "push_subscriptions_auth_length" CHECK (char_length("push_subscriptions"."auth") <= 100)
);
--> statement-breakpoint
ALTER TABLE "alert_deliveries" ADD CONSTRAINT "alert_deliveries_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_digest_items" ADD CONSTRAINT "alert_digest_items_alert_id_price_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."price_alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_digest_items" ADD CONSTRAINT "alert_digest_items_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_alerts" ADD CONSTRAINT "price_alerts_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_alerts" ADD CONSTRAINT "price_alerts_peptide_id_peptides_id_fk" FOREIGN KEY ("peptide_id") REFERENCES "public"."peptides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_alerts" ADD CONSTRAINT "price_alerts_size_option_id_size_options_id_fk" FOREIGN KEY ("size_option_id") REFERENCES "public"."size_options"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_deliveries_due_idx" ON "alert_deliveries" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "alert_digest_items_user_idx" ON "alert_digest_items" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "price_alerts_user_size_uq" ON "price_alerts" USING btree ("user_id","size_option_id");--> statement-breakpoint
CREATE INDEX "price_alerts_size_idx" ON "price_alerts" USING btree ("size_option_id");--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" USING btree ("user_id");