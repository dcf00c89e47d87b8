CREATE TABLE "declaration_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"status" varchar(20) DEFAULT 'PENDENTE' NOT NULL,
	"declaration_id" integer NOT NULL,
	"exporter_id" integer NOT NULL,
	"manufacturer_id" integer NOT NULL,
	"trade_association_id" integer NOT NULL,
	"requested_by_user_id" integer,
	"requested_side" varchar(12) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "declaration_links_status_check" CHECK ("declaration_links"."status" in ('PENDENTE', 'APROVADO', 'REPROVADO')),
	CONSTRAINT "declaration_links_side_check" CHECK ("declaration_links"."requested_side" in ('exporter', 'manufacturer'))
);
--> statement-breakpoint
CREATE TABLE "declaration_materials" (
	"id" serial PRIMARY KEY NOT NULL,
	"declaration_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"ncm" varchar(8) NOT NULL,
	"description" varchar(500) NOT NULL,
	"origin_country_id" integer NOT NULL,
	"cif_value_usd" numeric(14, 2) NOT NULL,
	"fob_share_percent" numeric(5, 2) NOT NULL,
	CONSTRAINT "declaration_materials_ncm_check" CHECK ("declaration_materials"."ncm" ~ '^[0-9]{8}$'),
	CONSTRAINT "declaration_materials_values_check" CHECK ("declaration_materials"."cif_value_usd" >= 0 and "declaration_materials"."fob_share_percent" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "declarations" (
	"id" serial PRIMARY KEY NOT NULL,
	"status" varchar(20) DEFAULT 'RASCUNHO' NOT NULL,
	"exporter_id" integer NOT NULL,
	"trade_association_id" integer NOT NULL,
	"company_manufacturer_id" integer NOT NULL,
	"legal_representative_id" integer NOT NULL,
	"deal_id" integer NOT NULL,
	"product_name" varchar(255) NOT NULL,
	"internal_product_code" varchar(60),
	"ncm" varchar(8) NOT NULL,
	"nomenclature_code" varchar(12),
	"production_process" text NOT NULL,
	"fob_unit_value_min" numeric(14, 2) NOT NULL,
	"fob_unit_value_max" numeric(14, 2) NOT NULL,
	"origin_rule_id" integer NOT NULL,
	"origin_norm_id" integer NOT NULL,
	"approved_at" timestamp with time zone,
	"valid_until" date,
	"delivery_location_id" integer,
	"analyst_id" integer,
	"signed_at" timestamp with time zone,
	"signed_by_cpf" varchar(11),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "declarations_status_check" CHECK ("declarations"."status" in ('RASCUNHO', 'ENVIADA', 'EM_ANALISE', 'APROVADA', 'REPROVADA', 'VENCIDA')),
	CONSTRAINT "declarations_ncm_check" CHECK ("declarations"."ncm" ~ '^[0-9]{8}$'),
	CONSTRAINT "declarations_fob_check" CHECK ("declarations"."fob_unit_value_min" >= 0 and "declarations"."fob_unit_value_min" <= "declarations"."fob_unit_value_max")
);
--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "non_originating_ceiling_percent" numeric(5, 2) DEFAULT '40' NOT NULL;--> statement-breakpoint
ALTER TABLE "declaration_links" ADD CONSTRAINT "declaration_links_declaration_id_declarations_id_fk" FOREIGN KEY ("declaration_id") REFERENCES "public"."declarations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "declaration_links" ADD CONSTRAINT "declaration_links_exporter_id_exporters_id_fk" FOREIGN KEY ("exporter_id") REFERENCES "public"."exporters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "declaration_links" ADD CONSTRAINT "declaration_links_manufacturer_id_exporters_id_fk" FOREIGN KEY ("manufacturer_id") REFERENCES "public"."exporters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "declaration_links" ADD CONSTRAINT "declaration_links_trade_association_id_trade_associations_id_fk" FOREIGN KEY ("trade_association_id") REFERENCES "public"."trade_associations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "declaration_links" ADD CONSTRAINT "declaration_links_requested_by_user_id_users_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "declaration_materials" ADD CONSTRAINT "declaration_materials_declaration_id_declarations_id_fk" FOREIGN KEY ("declaration_id") REFERENCES "public"."declarations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "declaration_materials" ADD CONSTRAINT "declaration_materials_origin_country_id_countries_id_fk" FOREIGN KEY ("origin_country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "declarations" ADD CONSTRAINT "declarations_exporter_id_exporters_id_fk" FOREIGN KEY ("exporter_id") REFERENCES "public"."exporters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "declarations" ADD CONSTRAINT "declarations_trade_association_id_trade_associations_id_fk" FOREIGN KEY ("trade_association_id") REFERENCES "public"."trade_associations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "declarations" ADD CONSTRAINT "declarations_company_manufacturer_id_companies_id_fk" FOREIGN KEY ("company_manufacturer_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "declarations" ADD CONSTRAINT "declarations_legal_representative_id_legal_representatives_id_fk" FOREIGN KEY ("legal_representative_id") REFERENCES "public"."legal_representatives"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "declarations" ADD CONSTRAINT "declarations_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "declarations" ADD CONSTRAINT "declarations_origin_rule_id_origin_rules_id_fk" FOREIGN KEY ("origin_rule_id") REFERENCES "public"."origin_rules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "declarations" ADD CONSTRAINT "declarations_origin_norm_id_origin_norms_id_fk" FOREIGN KEY ("origin_norm_id") REFERENCES "public"."origin_norms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "declarations" ADD CONSTRAINT "declarations_delivery_location_id_delivery_locations_id_fk" FOREIGN KEY ("delivery_location_id") REFERENCES "public"."delivery_locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "declarations" ADD CONSTRAINT "declarations_analyst_id_users_id_fk" FOREIGN KEY ("analyst_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "declaration_links_live_idx" ON "declaration_links" USING btree ("declaration_id","exporter_id") WHERE "declaration_links"."status" <> 'REPROVADO';--> statement-breakpoint
CREATE INDEX "declaration_links_exporter_idx" ON "declaration_links" USING btree ("exporter_id","status","declaration_id");--> statement-breakpoint
CREATE INDEX "declaration_links_manufacturer_idx" ON "declaration_links" USING btree ("manufacturer_id","id");--> statement-breakpoint
CREATE INDEX "declaration_links_association_idx" ON "declaration_links" USING btree ("trade_association_id","id");--> statement-breakpoint
CREATE INDEX "declaration_links_order_idx" ON "declaration_links" USING btree (("status" = 'REPROVADO'),"id");--> statement-breakpoint
CREATE INDEX "declaration_links_declaration_idx" ON "declaration_links" USING btree ("declaration_id");--> statement-breakpoint
CREATE UNIQUE INDEX "declaration_materials_position_idx" ON "declaration_materials" USING btree ("declaration_id","position");--> statement-breakpoint
CREATE INDEX "declaration_materials_country_idx" ON "declaration_materials" USING btree ("origin_country_id");--> statement-breakpoint
CREATE INDEX "declarations_association_idx" ON "declarations" USING btree ("trade_association_id","id");--> statement-breakpoint
CREATE INDEX "declarations_association_status_idx" ON "declarations" USING btree ("trade_association_id","status","id");--> statement-breakpoint
CREATE INDEX "declarations_status_idx" ON "declarations" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "declarations_exporter_status_idx" ON "declarations" USING btree ("exporter_id","status","id");--> statement-breakpoint
CREATE INDEX "declarations_deal_idx" ON "declarations" USING btree ("deal_id");--> statement-breakpoint
CREATE INDEX "declarations_created_idx" ON "declarations" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "declarations_ncm_prefix_idx" ON "declarations" USING btree ("ncm" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "declarations_product_name_trgm_idx" ON "declarations" USING gin ("product_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "declarations_internal_code_trgm_idx" ON "declarations" USING gin ("internal_product_code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "declarations_expiry_idx" ON "declarations" USING btree ("valid_until") WHERE "declarations"."status" = 'APROVADA';--> statement-breakpoint
CREATE INDEX "declarations_company_idx" ON "declarations" USING btree ("company_manufacturer_id");--> statement-breakpoint
CREATE INDEX "declarations_legal_representative_idx" ON "declarations" USING btree ("legal_representative_id");