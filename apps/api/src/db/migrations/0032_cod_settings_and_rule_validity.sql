DROP INDEX "origin_norms_deal_name_unique";--> statement-breakpoint
DROP INDEX "origin_rules_deal_code_unique";--> statement-breakpoint
ALTER TABLE "certificate_items" ADD COLUMN "origin_rule_id" integer;--> statement-breakpoint
ALTER TABLE "certificate_items" ADD COLUMN "origin_norm_id" integer;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "cod_form" varchar(4);--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "cod_automotive_form" varchar(4);--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "cod_automotive_ncm" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "cod_versions" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "origin_norms" ADD COLUMN "non_originating_ceiling_percent" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "origin_norms" ADD COLUMN "valid_from" date;--> statement-breakpoint
ALTER TABLE "origin_norms" ADD COLUMN "valid_until" date;--> statement-breakpoint
ALTER TABLE "origin_rules" ADD COLUMN "valid_from" date;--> statement-breakpoint
ALTER TABLE "origin_rules" ADD COLUMN "valid_until" date;--> statement-breakpoint
ALTER TABLE "certificate_items" ADD CONSTRAINT "certificate_items_origin_rule_id_origin_rules_id_fk" FOREIGN KEY ("origin_rule_id") REFERENCES "public"."origin_rules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificate_items" ADD CONSTRAINT "certificate_items_origin_norm_id_origin_norms_id_fk" FOREIGN KEY ("origin_norm_id") REFERENCES "public"."origin_norms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "certificate_items_origin_rule_idx" ON "certificate_items" USING btree ("origin_rule_id");--> statement-breakpoint
CREATE INDEX "certificate_items_origin_norm_idx" ON "certificate_items" USING btree ("origin_norm_id");--> statement-breakpoint
CREATE UNIQUE INDEX "origin_norms_deal_name_open_unique" ON "origin_norms" USING btree ("deal_id",lower("name")) WHERE "origin_norms"."valid_until" is null;--> statement-breakpoint
CREATE INDEX "origin_norms_deal_name_idx" ON "origin_norms" USING btree ("deal_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "origin_rules_deal_code_open_unique" ON "origin_rules" USING btree ("deal_id",lower("code")) WHERE "origin_rules"."valid_until" is null;--> statement-breakpoint
CREATE INDEX "origin_rules_deal_code_idx" ON "origin_rules" USING btree ("deal_id",lower("code"));--> statement-breakpoint
ALTER TABLE "origin_norms" ADD CONSTRAINT "origin_norms_validity_check" CHECK ("origin_norms"."valid_from" is null or "origin_norms"."valid_until" is null or "origin_norms"."valid_from" <= "origin_norms"."valid_until");--> statement-breakpoint
ALTER TABLE "origin_rules" ADD CONSTRAINT "origin_rules_validity_check" CHECK ("origin_rules"."valid_from" is null or "origin_rules"."valid_until" is null or "origin_rules"."valid_from" <= "origin_rules"."valid_until");