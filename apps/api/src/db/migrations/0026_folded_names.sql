DROP INDEX "users_name_trgm_idx";--> statement-breakpoint
DROP INDEX "users_email_trgm_idx";--> statement-breakpoint
DROP INDEX "companies_corporate_name_trgm_idx";--> statement-breakpoint
DROP INDEX "companies_trade_name_trgm_idx";--> statement-breakpoint
DROP INDEX "legal_representatives_name_trgm_idx";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "name_search" text GENERATED ALWAYS AS (lower(name)) STORED;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_search" text GENERATED ALWAYS AS (lower(email)) STORED;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "name_search" text GENERATED ALWAYS AS (lower(corporate_name || chr(10) || coalesce(trade_name, ''))) STORED;--> statement-breakpoint
ALTER TABLE "legal_representatives" ADD COLUMN "name_search" text GENERATED ALWAYS AS (lower(name)) STORED;--> statement-breakpoint
CREATE INDEX "users_name_search_trgm_idx" ON "users" USING gin ("name_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_search_trgm_idx" ON "users" USING gin ("email_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "companies_name_search_trgm_idx" ON "companies" USING gin ("name_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "legal_representatives_name_search_trgm_idx" ON "legal_representatives" USING gin ("name_search" gin_trgm_ops);--> statement-breakpoint
-- The planner estimates the new columns' searches from statistics it has only after an ANALYZE.
ANALYZE "users", "companies", "legal_representatives";
