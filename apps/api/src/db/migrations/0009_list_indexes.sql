DROP INDEX "audits_user_idx";--> statement-breakpoint
DROP INDEX "users_trade_association_idx";--> statement-breakpoint
DROP INDEX "companies_exporter_idx";--> statement-breakpoint
DROP INDEX "companies_dispatcher_idx";--> statement-breakpoint
DROP INDEX "companies_trade_association_idx";--> statement-breakpoint
DROP INDEX "companies_type_idx";--> statement-breakpoint
DROP INDEX "dispatchers_trade_association_idx";--> statement-breakpoint
DROP INDEX "exporters_trade_association_idx";--> statement-breakpoint
DROP INDEX "legal_representatives_exporter_idx";--> statement-breakpoint
DROP INDEX "pre_registrations_status_idx";--> statement-breakpoint
DROP INDEX "pre_registrations_cpf_idx";--> statement-breakpoint
DROP INDEX "pre_registrations_cnpj_idx";--> statement-breakpoint
DROP INDEX "pre_registrations_trade_association_idx";--> statement-breakpoint
DROP INDEX "audits_auditable_idx";--> statement-breakpoint
CREATE INDEX "audits_type_created_idx" ON "audits" USING btree ("auditable_type","created_at","id");--> statement-breakpoint
CREATE INDEX "audits_event_created_idx" ON "audits" USING btree ("event","created_at","id");--> statement-breakpoint
CREATE INDEX "audits_user_created_idx" ON "audits" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "audits_ip_idx" ON "audits" USING btree (("ip_address" collate "C"));--> statement-breakpoint
CREATE INDEX "users_association_name_idx" ON "users" USING btree ("trade_association_id","name" collate "und-x-icu","id");--> statement-breakpoint
CREATE INDEX "users_federation_idx" ON "users" USING btree ("federation_id");--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_cpf_trgm_idx" ON "users" USING gin ("cpf" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_cnpj_trgm_idx" ON "users" USING gin ("cnpj" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "companies_exporter_name_idx" ON "companies" USING btree ("exporter_id","corporate_name" collate "und-x-icu","id");--> statement-breakpoint
CREATE INDEX "companies_dispatcher_name_idx" ON "companies" USING btree ("dispatcher_id","corporate_name" collate "und-x-icu","id");--> statement-breakpoint
CREATE INDEX "companies_association_name_idx" ON "companies" USING btree ("trade_association_id","corporate_name" collate "und-x-icu","id");--> statement-breakpoint
CREATE INDEX "companies_type_name_idx" ON "companies" USING btree ("company_type_id","corporate_name" collate "und-x-icu","id");--> statement-breakpoint
CREATE INDEX "companies_corporate_name_trgm_idx" ON "companies" USING gin ("corporate_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "companies_trade_name_trgm_idx" ON "companies" USING gin ("trade_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "companies_cnpj_trgm_idx" ON "companies" USING gin ("cnpj" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "companies_foreign_tax_id_trgm_idx" ON "companies" USING gin ("foreign_tax_id" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "companies_city_trgm_idx" ON "companies" USING gin ("city" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "dispatchers_association_name_idx" ON "dispatchers" USING btree ("trade_association_id","name" collate "und-x-icu","id");--> statement-breakpoint
CREATE INDEX "dispatchers_name_trgm_idx" ON "dispatchers" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "dispatchers_trade_name_trgm_idx" ON "dispatchers" USING gin ("trade_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "dispatchers_cpf_trgm_idx" ON "dispatchers" USING gin ("cpf" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "dispatchers_cnpj_trgm_idx" ON "dispatchers" USING gin ("cnpj" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "exporters_association_name_idx" ON "exporters" USING btree ("trade_association_id","name" collate "und-x-icu","id");--> statement-breakpoint
CREATE INDEX "exporters_name_trgm_idx" ON "exporters" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "exporters_trade_name_trgm_idx" ON "exporters" USING gin ("trade_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "exporters_cpf_trgm_idx" ON "exporters" USING gin ("cpf" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "exporters_cnpj_trgm_idx" ON "exporters" USING gin ("cnpj" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "legal_representatives_exporter_name_idx" ON "legal_representatives" USING btree ("exporter_id","name" collate "und-x-icu","id");--> statement-breakpoint
CREATE INDEX "legal_representatives_name_trgm_idx" ON "legal_representatives" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "pre_registrations_name_idx" ON "pre_registrations" USING btree ("name" collate "und-x-icu","id");--> statement-breakpoint
CREATE INDEX "pre_registrations_status_created_idx" ON "pre_registrations" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "pre_registrations_association_created_idx" ON "pre_registrations" USING btree ("trade_association_id","created_at","id");--> statement-breakpoint
CREATE INDEX "pre_registrations_cpf_prefix_idx" ON "pre_registrations" USING btree ("cpf" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "pre_registrations_cnpj_prefix_idx" ON "pre_registrations" USING btree ("cnpj" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "audits_auditable_idx" ON "audits" USING btree ("auditable_type","auditable_id","created_at","id");