CREATE TABLE "trade_association_fees" (
	"id" serial PRIMARY KEY NOT NULL,
	"trade_association_id" integer NOT NULL,
	"deal_id" integer NOT NULL,
	"member_fee" numeric(12, 2) NOT NULL,
	"non_member_fee" numeric(12, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "certificate_models" (
	"id" serial PRIMARY KEY NOT NULL,
	"deal_id" integer NOT NULL,
	"name" varchar(120) NOT NULL,
	"language_id" integer,
	"fields" jsonb NOT NULL,
	"layout" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "certificate_models_deal_id_unique" UNIQUE("deal_id")
);
--> statement-breakpoint
CREATE TABLE "deal_countries" (
	"deal_id" integer NOT NULL,
	"country_id" integer NOT NULL,
	CONSTRAINT "deal_countries_deal_id_country_id_pk" PRIMARY KEY("deal_id","country_id")
);
--> statement-breakpoint
CREATE TABLE "deals" (
	"id" serial PRIMARY KEY NOT NULL,
	"abbreviation" varchar(30) NOT NULL,
	"name" varchar(255) NOT NULL,
	"aladi_acronym" varchar(10),
	"form" varchar(60),
	"classification_type" varchar(20) DEFAULT 'NCM' NOT NULL,
	"accepts_digital" boolean DEFAULT false NOT NULL,
	"declaration_validity_days" integer DEFAULT 180 NOT NULL,
	"certificate_validity_months" integer DEFAULT 12 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "origin_norms" (
	"id" serial PRIMARY KEY NOT NULL,
	"deal_id" integer NOT NULL,
	"name" varchar(255) NOT NULL,
	"legal_text" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "origin_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"deal_id" integer NOT NULL,
	"code" varchar(20) NOT NULL,
	"description" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "classification_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"list_id" integer NOT NULL,
	"ncm_code" varchar(8) NOT NULL,
	"code" varchar(12) NOT NULL,
	"description" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "classification_lists" (
	"id" serial PRIMARY KEY NOT NULL,
	"classification_type" varchar(20) NOT NULL,
	"name" varchar(160) NOT NULL,
	"rows_count" integer DEFAULT 0 NOT NULL,
	"uploaded_by" integer,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "classification_lists_classification_type_unique" UNIQUE("classification_type")
);
--> statement-breakpoint
CREATE TABLE "ncm" (
	"code" varchar(8) PRIMARY KEY NOT NULL,
	"parent_code" varchar(8),
	"main_parent" varchar(2) NOT NULL,
	"description" text NOT NULL,
	"level" integer NOT NULL,
	"leaf" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ncm_references" (
	"id" serial PRIMARY KEY NOT NULL,
	"ncm_code" varchar(8) NOT NULL,
	"description" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "trade_association_fees" ADD CONSTRAINT "trade_association_fees_trade_association_id_trade_associations_id_fk" FOREIGN KEY ("trade_association_id") REFERENCES "public"."trade_associations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_association_fees" ADD CONSTRAINT "trade_association_fees_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificate_models" ADD CONSTRAINT "certificate_models_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificate_models" ADD CONSTRAINT "certificate_models_language_id_languages_id_fk" FOREIGN KEY ("language_id") REFERENCES "public"."languages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_countries" ADD CONSTRAINT "deal_countries_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_countries" ADD CONSTRAINT "deal_countries_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "origin_norms" ADD CONSTRAINT "origin_norms_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "origin_rules" ADD CONSTRAINT "origin_rules_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classification_items" ADD CONSTRAINT "classification_items_list_id_classification_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."classification_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classification_lists" ADD CONSTRAINT "classification_lists_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ncm_references" ADD CONSTRAINT "ncm_references_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "trade_association_fees_unique" ON "trade_association_fees" USING btree ("trade_association_id","deal_id");--> statement-breakpoint
CREATE INDEX "deal_countries_country_idx" ON "deal_countries" USING btree ("country_id");--> statement-breakpoint
CREATE UNIQUE INDEX "deals_abbreviation_unique" ON "deals" USING btree (lower("abbreviation"));--> statement-breakpoint
CREATE INDEX "origin_norms_deal_idx" ON "origin_norms" USING btree ("deal_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "origin_rules_deal_code_unique" ON "origin_rules" USING btree ("deal_id",lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "classification_items_list_ncm_unique" ON "classification_items" USING btree ("list_id","ncm_code");--> statement-breakpoint
CREATE INDEX "ncm_parent_idx" ON "ncm" USING btree ("parent_code");--> statement-breakpoint
CREATE UNIQUE INDEX "ncm_references_ncm_unique" ON "ncm_references" USING btree ("ncm_code");--> statement-breakpoint
ALTER TABLE "confederations" ADD CONSTRAINT "confederations_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;