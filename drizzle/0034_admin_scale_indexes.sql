DROP INDEX "audit_log_actor_trgm_idx";--> statement-breakpoint
CREATE INDEX "audit_log_actor_prefix_idx" ON "audit_log" USING btree (lower("actor_email") text_pattern_ops,"actor_email");--> statement-breakpoint
CREATE INDEX "size_options_quantity_idx" ON "size_options" USING btree ("quantity","id");--> statement-breakpoint
CREATE INDEX "size_options_unit_idx" ON "size_options" USING btree ("unit","id");--> statement-breakpoint
CREATE INDEX "vendor_peptides_price_idx" ON "vendor_peptides" USING btree ("price","id");--> statement-breakpoint
CREATE INDEX "vendor_peptides_currency_idx" ON "vendor_peptides" USING btree ("currency","id");--> statement-breakpoint
CREATE INDEX "vendor_peptides_purity_idx" ON "vendor_peptides" USING btree ("purity","id");--> statement-breakpoint
CREATE INDEX "vendor_peptides_notes_idx" ON "vendor_peptides" USING btree (left("notes", 200),"id");--> statement-breakpoint
CREATE INDEX "vendor_peptides_url_idx" ON "vendor_peptides" USING btree (left("url", 200),"id");--> statement-breakpoint
CREATE INDEX "vendor_peptides_stock_idx" ON "vendor_peptides" USING btree ("stock_status","id");--> statement-breakpoint
CREATE INDEX "vendor_peptides_checked_idx" ON "vendor_peptides" USING btree ("price_checked_at","id");--> statement-breakpoint
CREATE INDEX "vendor_peptides_active_idx" ON "vendor_peptides" USING btree ("active");--> statement-breakpoint
CREATE INDEX "vendors_sort_name_idx" ON "vendors" USING btree (lower("name"),"id");