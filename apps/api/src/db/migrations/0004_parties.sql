CREATE TABLE "companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_type_id" integer NOT NULL,
	"exporter_id" integer,
	"dispatcher_id" integer,
	"trade_association_id" integer,
	"corporate_name" varchar(255) NOT NULL,
	"trade_name" varchar(255),
	"cnpj" varchar(14),
	"foreign_tax_id" varchar(40),
	"country_id" integer NOT NULL,
	"email" varchar(255),
	"phone" varchar(30),
	"postcode" varchar(20),
	"address" varchar(255),
	"number" varchar(20),
	"complement" varchar(120),
	"neighborhood" varchar(120),
	"city" varchar(120),
	"state" varchar(60),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dispatchers" (
	"id" serial PRIMARY KEY NOT NULL,
	"person_type_id" integer NOT NULL,
	"cpf" varchar(11),
	"cnpj" varchar(14),
	"name" varchar(255) NOT NULL,
	"trade_name" varchar(255),
	"state_registration" varchar(30),
	"email" varchar(255),
	"phone" varchar(30),
	"postcode" varchar(8),
	"address" varchar(255),
	"number" varchar(20),
	"complement" varchar(120),
	"neighborhood" varchar(120),
	"city" varchar(120),
	"state" varchar(2),
	"trade_association_id" integer NOT NULL,
	"associated" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "dispatchers_tax_id_check" CHECK (("dispatchers"."person_type_id" = 1 and "dispatchers"."cpf" is not null and "dispatchers"."cnpj" is null) or ("dispatchers"."person_type_id" = 2 and "dispatchers"."cnpj" is not null and "dispatchers"."cpf" is null))
);
--> statement-breakpoint
CREATE TABLE "exporters" (
	"id" serial PRIMARY KEY NOT NULL,
	"person_type_id" integer NOT NULL,
	"cpf" varchar(11),
	"cnpj" varchar(14),
	"name" varchar(255) NOT NULL,
	"trade_name" varchar(255),
	"state_registration" varchar(30),
	"email" varchar(255),
	"phone" varchar(30),
	"postcode" varchar(8),
	"address" varchar(255),
	"number" varchar(20),
	"complement" varchar(120),
	"neighborhood" varchar(120),
	"city" varchar(120),
	"state" varchar(2),
	"trade_association_id" integer NOT NULL,
	"associated" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "exporters_tax_id_check" CHECK (("exporters"."person_type_id" = 1 and "exporters"."cpf" is not null and "exporters"."cnpj" is null) or ("exporters"."person_type_id" = 2 and "exporters"."cnpj" is not null and "exporters"."cpf" is null))
);
--> statement-breakpoint
CREATE TABLE "legal_representatives" (
	"id" serial PRIMARY KEY NOT NULL,
	"exporter_id" integer NOT NULL,
	"name" varchar(255) NOT NULL,
	"cpf" varchar(11),
	"email" varchar(255),
	"phone" varchar(30),
	"job_position_id" integer,
	"procuration_valid_until" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "pre_registrations" (
	"id" serial PRIMARY KEY NOT NULL,
	"status" varchar(20) DEFAULT 'ENVIADO' NOT NULL,
	"profile_type" varchar(20) NOT NULL,
	"person_type_id" integer NOT NULL,
	"cpf" varchar(11),
	"cnpj" varchar(14),
	"name" varchar(255) NOT NULL,
	"trade_name" varchar(255),
	"state_registration" varchar(30),
	"email" varchar(255),
	"phone" varchar(30),
	"postcode" varchar(8),
	"address" varchar(255),
	"number" varchar(20),
	"complement" varchar(120),
	"neighborhood" varchar(120),
	"city" varchar(120),
	"state" varchar(2),
	"trade_association_id" integer NOT NULL,
	"federation_id" integer,
	"pendency_reason" text,
	"reproval_reason" text,
	"pendency_token_hash" varchar(64),
	"pendency_expires_at" timestamp with time zone,
	"exporter_id" integer,
	"dispatcher_id" integer,
	"analysed_by" integer,
	"analysed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pre_registrations_tax_id_check" CHECK (("pre_registrations"."person_type_id" = 1 and "pre_registrations"."cpf" is not null and "pre_registrations"."cnpj" is null) or ("pre_registrations"."person_type_id" = 2 and "pre_registrations"."cnpj" is not null and "pre_registrations"."cpf" is null))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "exporter_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "dispatcher_id" integer;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_company_type_id_company_types_id_fk" FOREIGN KEY ("company_type_id") REFERENCES "public"."company_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_exporter_id_exporters_id_fk" FOREIGN KEY ("exporter_id") REFERENCES "public"."exporters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_dispatcher_id_dispatchers_id_fk" FOREIGN KEY ("dispatcher_id") REFERENCES "public"."dispatchers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_trade_association_id_trade_associations_id_fk" FOREIGN KEY ("trade_association_id") REFERENCES "public"."trade_associations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispatchers" ADD CONSTRAINT "dispatchers_person_type_id_person_types_id_fk" FOREIGN KEY ("person_type_id") REFERENCES "public"."person_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispatchers" ADD CONSTRAINT "dispatchers_trade_association_id_trade_associations_id_fk" FOREIGN KEY ("trade_association_id") REFERENCES "public"."trade_associations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exporters" ADD CONSTRAINT "exporters_person_type_id_person_types_id_fk" FOREIGN KEY ("person_type_id") REFERENCES "public"."person_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exporters" ADD CONSTRAINT "exporters_trade_association_id_trade_associations_id_fk" FOREIGN KEY ("trade_association_id") REFERENCES "public"."trade_associations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_representatives" ADD CONSTRAINT "legal_representatives_exporter_id_exporters_id_fk" FOREIGN KEY ("exporter_id") REFERENCES "public"."exporters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_representatives" ADD CONSTRAINT "legal_representatives_job_position_id_job_positions_id_fk" FOREIGN KEY ("job_position_id") REFERENCES "public"."job_positions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pre_registrations" ADD CONSTRAINT "pre_registrations_person_type_id_person_types_id_fk" FOREIGN KEY ("person_type_id") REFERENCES "public"."person_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pre_registrations" ADD CONSTRAINT "pre_registrations_trade_association_id_trade_associations_id_fk" FOREIGN KEY ("trade_association_id") REFERENCES "public"."trade_associations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pre_registrations" ADD CONSTRAINT "pre_registrations_federation_id_federations_id_fk" FOREIGN KEY ("federation_id") REFERENCES "public"."federations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pre_registrations" ADD CONSTRAINT "pre_registrations_exporter_id_exporters_id_fk" FOREIGN KEY ("exporter_id") REFERENCES "public"."exporters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pre_registrations" ADD CONSTRAINT "pre_registrations_dispatcher_id_dispatchers_id_fk" FOREIGN KEY ("dispatcher_id") REFERENCES "public"."dispatchers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pre_registrations" ADD CONSTRAINT "pre_registrations_analysed_by_users_id_fk" FOREIGN KEY ("analysed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "companies_corporate_name_idx" ON "companies" USING btree ("corporate_name" collate "und-x-icu","id");--> statement-breakpoint
CREATE INDEX "companies_exporter_idx" ON "companies" USING btree ("exporter_id");--> statement-breakpoint
CREATE INDEX "companies_dispatcher_idx" ON "companies" USING btree ("dispatcher_id");--> statement-breakpoint
CREATE INDEX "companies_trade_association_idx" ON "companies" USING btree ("trade_association_id");--> statement-breakpoint
CREATE INDEX "companies_type_idx" ON "companies" USING btree ("company_type_id");--> statement-breakpoint
CREATE INDEX "companies_cnpj_idx" ON "companies" USING btree ("cnpj");--> statement-breakpoint
CREATE UNIQUE INDEX "dispatchers_cpf_live_idx" ON "dispatchers" USING btree ("cpf") WHERE "dispatchers"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "dispatchers_cnpj_live_idx" ON "dispatchers" USING btree ("cnpj") WHERE "dispatchers"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "dispatchers_name_idx" ON "dispatchers" USING btree ("name" collate "und-x-icu","id");--> statement-breakpoint
CREATE INDEX "dispatchers_trade_association_idx" ON "dispatchers" USING btree ("trade_association_id");--> statement-breakpoint
CREATE UNIQUE INDEX "exporters_cpf_live_idx" ON "exporters" USING btree ("cpf") WHERE "exporters"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "exporters_cnpj_live_idx" ON "exporters" USING btree ("cnpj") WHERE "exporters"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "exporters_name_idx" ON "exporters" USING btree ("name" collate "und-x-icu","id");--> statement-breakpoint
CREATE INDEX "exporters_trade_association_idx" ON "exporters" USING btree ("trade_association_id");--> statement-breakpoint
CREATE INDEX "legal_representatives_name_idx" ON "legal_representatives" USING btree ("name" collate "und-x-icu","id");--> statement-breakpoint
CREATE INDEX "legal_representatives_exporter_idx" ON "legal_representatives" USING btree ("exporter_id");--> statement-breakpoint
CREATE INDEX "pre_registrations_created_idx" ON "pre_registrations" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "pre_registrations_status_idx" ON "pre_registrations" USING btree ("status");--> statement-breakpoint
CREATE INDEX "pre_registrations_cpf_idx" ON "pre_registrations" USING btree ("cpf");--> statement-breakpoint
CREATE INDEX "pre_registrations_cnpj_idx" ON "pre_registrations" USING btree ("cnpj");--> statement-breakpoint
CREATE INDEX "pre_registrations_trade_association_idx" ON "pre_registrations" USING btree ("trade_association_id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_exporter_id_exporters_id_fk" FOREIGN KEY ("exporter_id") REFERENCES "public"."exporters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_dispatcher_id_dispatchers_id_fk" FOREIGN KEY ("dispatcher_id") REFERENCES "public"."dispatchers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_exporter_idx" ON "users" USING btree ("exporter_id");--> statement-breakpoint
CREATE INDEX "users_dispatcher_idx" ON "users" USING btree ("dispatcher_id");