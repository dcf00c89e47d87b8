CREATE TABLE "dispatcher_exporter_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"exporter_id" integer NOT NULL,
	"dispatcher_id" integer NOT NULL,
	"trade_association_id" integer NOT NULL,
	"status" varchar(30) DEFAULT 'SOLICITADO' NOT NULL,
	"requested_by" varchar(20) NOT NULL,
	"requested_by_user_id" integer,
	"deletion_requested_by" varchar(20),
	"deletion_requested_by_user_id" integer,
	"exporter_name" varchar(255) NOT NULL,
	"dispatcher_name" varchar(255) NOT NULL,
	"approved_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dispatcher_exporter_links_status_check" CHECK ("dispatcher_exporter_links"."status" in ('SOLICITADO', 'EM_ANALISE', 'APROVADO', 'REPROVADO', 'EXCLUSAO_SOLICITADA', 'EXCLUIDO')),
	CONSTRAINT "dispatcher_exporter_links_requested_by_check" CHECK ("dispatcher_exporter_links"."requested_by" in ('exporter', 'dispatcher', 'association')),
	CONSTRAINT "dispatcher_exporter_links_deletion_requested_by_check" CHECK ("dispatcher_exporter_links"."deletion_requested_by" is null or "dispatcher_exporter_links"."deletion_requested_by" in ('exporter', 'dispatcher'))
);
--> statement-breakpoint
ALTER TABLE "dispatcher_exporter_links" ADD CONSTRAINT "dispatcher_exporter_links_exporter_id_exporters_id_fk" FOREIGN KEY ("exporter_id") REFERENCES "public"."exporters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispatcher_exporter_links" ADD CONSTRAINT "dispatcher_exporter_links_dispatcher_id_dispatchers_id_fk" FOREIGN KEY ("dispatcher_id") REFERENCES "public"."dispatchers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispatcher_exporter_links" ADD CONSTRAINT "dispatcher_exporter_links_trade_association_id_trade_associations_id_fk" FOREIGN KEY ("trade_association_id") REFERENCES "public"."trade_associations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispatcher_exporter_links" ADD CONSTRAINT "dispatcher_exporter_links_requested_by_user_id_users_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispatcher_exporter_links" ADD CONSTRAINT "dispatcher_exporter_links_deletion_requested_by_user_id_users_id_fk" FOREIGN KEY ("deletion_requested_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dispatcher_exporter_links_active_pair_idx" ON "dispatcher_exporter_links" USING btree ("exporter_id","dispatcher_id") WHERE "dispatcher_exporter_links"."status" in ('SOLICITADO', 'EM_ANALISE', 'APROVADO', 'EXCLUSAO_SOLICITADA');--> statement-breakpoint
CREATE INDEX "dispatcher_exporter_links_granting_idx" ON "dispatcher_exporter_links" USING btree ("dispatcher_id","exporter_id") WHERE "dispatcher_exporter_links"."status" in ('APROVADO', 'EXCLUSAO_SOLICITADA');--> statement-breakpoint
CREATE INDEX "dispatcher_exporter_links_order_idx" ON "dispatcher_exporter_links" USING btree ("exporter_name" collate "und-x-icu","dispatcher_name" collate "und-x-icu","id");--> statement-breakpoint
CREATE INDEX "dispatcher_exporter_links_exporter_order_idx" ON "dispatcher_exporter_links" USING btree ("exporter_id","exporter_name" collate "und-x-icu","dispatcher_name" collate "und-x-icu","id");--> statement-breakpoint
CREATE INDEX "dispatcher_exporter_links_dispatcher_order_idx" ON "dispatcher_exporter_links" USING btree ("dispatcher_id","exporter_name" collate "und-x-icu","dispatcher_name" collate "und-x-icu","id");--> statement-breakpoint
CREATE INDEX "dispatcher_exporter_links_association_order_idx" ON "dispatcher_exporter_links" USING btree ("trade_association_id","exporter_name" collate "und-x-icu","dispatcher_name" collate "und-x-icu","id");--> statement-breakpoint
CREATE INDEX "dispatcher_exporter_links_status_order_idx" ON "dispatcher_exporter_links" USING btree ("status","exporter_name" collate "und-x-icu","dispatcher_name" collate "und-x-icu","id");