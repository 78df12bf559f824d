DROP INDEX "audit_log_created_idx";--> statement-breakpoint
DROP INDEX "scrape_logs_created_idx";--> statement-breakpoint
CREATE INDEX "audit_log_entity_created_idx" ON "audit_log" USING btree ("entity","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_log_entity_id_idx" ON "audit_log" USING btree ("entity_id");--> statement-breakpoint
CREATE INDEX "audit_log_actor_trgm_idx" ON "audit_log" USING gin ("actor_email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "audit_log_name_trgm_idx" ON "audit_log" USING gin (("details" ->> 'name') gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "scrape_logs_source_created_idx" ON "scrape_logs" USING btree ("source_id","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "scrape_logs_created_idx" ON "scrape_logs" USING btree ("created_at","id");