DROP INDEX "origin_norms_deal_idx";--> statement-breakpoint
CREATE INDEX "confederations_name_idx" ON "confederations" USING btree ("name" collate "und-x-icu","id");--> statement-breakpoint
CREATE INDEX "federations_name_idx" ON "federations" USING btree ("name" collate "und-x-icu","id");--> statement-breakpoint
CREATE INDEX "trade_associations_name_idx" ON "trade_associations" USING btree ("name" collate "und-x-icu","id");--> statement-breakpoint
CREATE UNIQUE INDEX "trade_associations_ehid_unique" ON "trade_associations" USING btree (upper("ehid"));--> statement-breakpoint
CREATE UNIQUE INDEX "origin_norms_deal_name_unique" ON "origin_norms" USING btree ("deal_id",lower("name"));--> statement-breakpoint
CREATE INDEX "classification_items_ncm_idx" ON "classification_items" USING btree ("ncm_code");