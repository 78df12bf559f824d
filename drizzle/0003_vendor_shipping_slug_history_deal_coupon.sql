CREATE TABLE "peptide_slug_history" (
	"slug" text PRIMARY KEY NOT NULL,
	"peptide_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "saved_deals" ADD COLUMN "coupon_code" text;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "shipping_fee" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "free_shipping_threshold" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "ships_to" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "payment_methods" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "peptide_slug_history" ADD CONSTRAINT "peptide_slug_history_peptide_id_peptides_id_fk" FOREIGN KEY ("peptide_id") REFERENCES "public"."peptides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_currency_check" CHECK ("currency" ~ '^[A-Z]{3}$');--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_shipping_fee_nonnegative" CHECK ("vendors"."shipping_fee" >= 0);--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_free_shipping_threshold_nonnegative" CHECK ("vendors"."free_shipping_threshold" >= 0);