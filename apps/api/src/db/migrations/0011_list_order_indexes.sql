DROP INDEX "audits_ip_idx";--> statement-breakpoint
CREATE INDEX "audits_ip_idx" ON "audits" USING btree ("ip_address" varchar_pattern_ops);