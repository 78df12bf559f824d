CREATE INDEX "peptides_name_trgm_idx" ON "peptides" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "vendor_peptides_url_trgm_idx" ON "vendor_peptides" USING gin ("url" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "vendor_peptides_notes_trgm_idx" ON "vendor_peptides" USING gin ("notes" gin_trgm_ops);