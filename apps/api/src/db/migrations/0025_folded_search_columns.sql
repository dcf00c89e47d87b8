DROP INDEX "declarations_product_name_trgm_idx";--> statement-breakpoint
DROP INDEX "dispatchers_name_trgm_idx";--> statement-breakpoint
DROP INDEX "dispatchers_trade_name_trgm_idx";--> statement-breakpoint
DROP INDEX "exporters_name_trgm_idx";--> statement-breakpoint
DROP INDEX "exporters_trade_name_trgm_idx";--> statement-breakpoint
ALTER TABLE "declarations" ADD COLUMN "product_name_search" text GENERATED ALWAYS AS (lower(product_name)) STORED;--> statement-breakpoint
ALTER TABLE "dispatchers" ADD COLUMN "name_search" text GENERATED ALWAYS AS (lower(name || chr(10) || coalesce(trade_name, ''))) STORED;--> statement-breakpoint
ALTER TABLE "exporters" ADD COLUMN "name_search" text GENERATED ALWAYS AS (lower(name || chr(10) || coalesce(trade_name, ''))) STORED;--> statement-breakpoint
CREATE INDEX "declarations_product_name_search_trgm_idx" ON "declarations" USING gin ("product_name_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "dispatchers_name_search_trgm_idx" ON "dispatchers" USING gin ("name_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "exporters_name_search_trgm_idx" ON "exporters" USING gin ("name_search" gin_trgm_ops);--> statement-breakpoint
-- The planner estimates the new columns' searches from statistics it has only after an ANALYZE.
ANALYZE "declarations", "dispatchers", "exporters";
