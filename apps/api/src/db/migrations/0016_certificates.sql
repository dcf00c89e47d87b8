CREATE TABLE "certificate_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"certificate_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"declaration_id" integer NOT NULL,
	"ncm" varchar(8) NOT NULL,
	"nomenclature_code" varchar(12),
	"description" varchar(1000) NOT NULL,
	"ncm_description" text,
	"quantity" numeric(16, 3) NOT NULL,
	"measurement_unit_id" integer,
	"gross_weight" numeric(16, 3),
	"net_weight" numeric(16, 3),
	"fob_value_usd" numeric(14, 2) NOT NULL,
	"origin_criterion" varchar(255) NOT NULL,
	"norm_text" text,
	CONSTRAINT "certificate_items_ncm_check" CHECK ("certificate_items"."ncm" ~ '^[0-9]{8}$'),
	CONSTRAINT "certificate_items_values_check" CHECK ("certificate_items"."quantity" > 0 and "certificate_items"."fob_value_usd" >= 0)
);
--> statement-breakpoint
CREATE TABLE "certificates" (
	"id" serial PRIMARY KEY NOT NULL,
	"status" varchar(30) DEFAULT 'RASCUNHO' NOT NULL,
	"exporter_id" integer NOT NULL,
	"trade_association_id" integer NOT NULL,
	"dispatcher_id" integer,
	"legal_representative_id" integer NOT NULL,
	"deal_id" integer NOT NULL,
	"language_id" integer,
	"currency_id" integer,
	"sector_id" integer,
	"shipment_port_id" integer,
	"transport_id" integer,
	"company_importer_id" integer NOT NULL,
	"company_manufacturer_id" integer,
	"company_intervenor_id" integer,
	"measurement_unit_gross_weight_id" integer,
	"measurement_unit_net_weight_id" integer,
	"measurement_unit_volume_id" integer,
	"invoice_number" varchar(60) NOT NULL,
	"invoice_date" date NOT NULL,
	"gross_weight" numeric(16, 3),
	"net_weight" numeric(16, 3),
	"volume" numeric(16, 3),
	"observations" text,
	"has_digital_signature" boolean DEFAULT false NOT NULL,
	"association_certification_id" varchar(40),
	"number_base" varchar(24),
	"rectification" smallint DEFAULT 0 NOT NULL,
	"certificate_number" varchar(30),
	"replaces_id" integer,
	"verification_code" varchar(40) NOT NULL,
	"analyst_id" integer,
	"issued_at" timestamp with time zone,
	"valid_until" date,
	"last_step_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "certificates_status_check" CHECK ("certificates"."status" in ('RASCUNHO', 'AGUARDANDO_ASSINATURA', 'ENVIADO', 'EM_ANALISE', 'REPROVADO', 'APROVADO', 'EMITIDO', 'CANCELAMENTO_SOLICITADO', 'CANCELADO', 'SUBSTITUICAO_SOLICITADA', 'SUBSTITUIDO')),
	CONSTRAINT "certificates_rectification_check" CHECK ("certificates"."rectification" between 0 and 99)
);
--> statement-breakpoint
ALTER TABLE "certificate_items" ADD CONSTRAINT "certificate_items_certificate_id_certificates_id_fk" FOREIGN KEY ("certificate_id") REFERENCES "public"."certificates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificate_items" ADD CONSTRAINT "certificate_items_declaration_id_declarations_id_fk" FOREIGN KEY ("declaration_id") REFERENCES "public"."declarations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificate_items" ADD CONSTRAINT "certificate_items_measurement_unit_id_measurement_units_id_fk" FOREIGN KEY ("measurement_unit_id") REFERENCES "public"."measurement_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_exporter_id_exporters_id_fk" FOREIGN KEY ("exporter_id") REFERENCES "public"."exporters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_trade_association_id_trade_associations_id_fk" FOREIGN KEY ("trade_association_id") REFERENCES "public"."trade_associations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_dispatcher_id_dispatchers_id_fk" FOREIGN KEY ("dispatcher_id") REFERENCES "public"."dispatchers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_legal_representative_id_legal_representatives_id_fk" FOREIGN KEY ("legal_representative_id") REFERENCES "public"."legal_representatives"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_language_id_languages_id_fk" FOREIGN KEY ("language_id") REFERENCES "public"."languages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_sector_id_sectors_id_fk" FOREIGN KEY ("sector_id") REFERENCES "public"."sectors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_shipment_port_id_shipment_ports_id_fk" FOREIGN KEY ("shipment_port_id") REFERENCES "public"."shipment_ports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_transport_id_transports_id_fk" FOREIGN KEY ("transport_id") REFERENCES "public"."transports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_company_importer_id_companies_id_fk" FOREIGN KEY ("company_importer_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_company_manufacturer_id_companies_id_fk" FOREIGN KEY ("company_manufacturer_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_company_intervenor_id_companies_id_fk" FOREIGN KEY ("company_intervenor_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_measurement_unit_gross_weight_id_measurement_units_id_fk" FOREIGN KEY ("measurement_unit_gross_weight_id") REFERENCES "public"."measurement_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_measurement_unit_net_weight_id_measurement_units_id_fk" FOREIGN KEY ("measurement_unit_net_weight_id") REFERENCES "public"."measurement_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_measurement_unit_volume_id_measurement_units_id_fk" FOREIGN KEY ("measurement_unit_volume_id") REFERENCES "public"."measurement_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_replaces_id_certificates_id_fk" FOREIGN KEY ("replaces_id") REFERENCES "public"."certificates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_analyst_id_users_id_fk" FOREIGN KEY ("analyst_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "certificate_items_position_idx" ON "certificate_items" USING btree ("certificate_id","position");--> statement-breakpoint
CREATE INDEX "certificate_items_declaration_idx" ON "certificate_items" USING btree ("declaration_id");--> statement-breakpoint
CREATE INDEX "certificate_items_unit_idx" ON "certificate_items" USING btree ("measurement_unit_id");--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_number_unique" ON "certificates" USING btree ("certificate_number");--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_verification_code_unique" ON "certificates" USING btree ("verification_code");--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_replaces_unique" ON "certificates" USING btree ("replaces_id");--> statement-breakpoint
CREATE INDEX "certificates_last_step_idx" ON "certificates" USING btree ("last_step_at","id");--> statement-breakpoint
CREATE INDEX "certificates_association_step_idx" ON "certificates" USING btree ("trade_association_id","last_step_at","id");--> statement-breakpoint
CREATE INDEX "certificates_exporter_step_idx" ON "certificates" USING btree ("exporter_id","last_step_at","id");--> statement-breakpoint
CREATE INDEX "certificates_status_step_idx" ON "certificates" USING btree ("status","last_step_at","id");--> statement-breakpoint
CREATE INDEX "certificates_association_status_step_idx" ON "certificates" USING btree ("trade_association_id","status","last_step_at","id");--> statement-breakpoint
CREATE INDEX "certificates_deal_step_idx" ON "certificates" USING btree ("deal_id","last_step_at","id");--> statement-breakpoint
CREATE INDEX "certificates_importer_step_idx" ON "certificates" USING btree ("company_importer_id","last_step_at","id");--> statement-breakpoint
CREATE INDEX "certificates_intervenor_step_idx" ON "certificates" USING btree ("company_intervenor_id","last_step_at","id") WHERE "certificates"."company_intervenor_id" is not null;--> statement-breakpoint
CREATE INDEX "certificates_created_idx" ON "certificates" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "certificates_invoice_number_trgm_idx" ON "certificates" USING gin ("invoice_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "certificates_legal_representative_idx" ON "certificates" USING btree ("legal_representative_id");--> statement-breakpoint
CREATE INDEX "certificates_manufacturer_idx" ON "certificates" USING btree ("company_manufacturer_id");--> statement-breakpoint
CREATE INDEX "certificates_dispatcher_idx" ON "certificates" USING btree ("dispatcher_id");