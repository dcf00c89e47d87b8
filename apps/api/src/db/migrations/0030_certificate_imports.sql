CREATE TABLE "certificate_import_drafts" (
	"id" serial PRIMARY KEY NOT NULL,
	"import_id" integer NOT NULL,
	"group_key" varchar(120) NOT NULL,
	"idempotency_key" varchar(64) NOT NULL,
	"certificate_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "certificate_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"exporter_id" integer,
	"status" varchar(20) DEFAULT 'VALIDANDO' NOT NULL,
	"file_name" varchar(255) NOT NULL,
	"file_format" varchar(4) NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"rows_total" integer DEFAULT 0 NOT NULL,
	"rows_done" integer DEFAULT 0 NOT NULL,
	"groups_total" integer DEFAULT 0 NOT NULL,
	"groups_valid" integer DEFAULT 0 NOT NULL,
	"error_count" integer DEFAULT 0 NOT NULL,
	"created_count" integer DEFAULT 0 NOT NULL,
	"skipped_count" integer DEFAULT 0 NOT NULL,
	"only_valid" boolean DEFAULT false NOT NULL,
	"same_file_as" integer,
	"message" text,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"preview" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "certificate_imports_status_check" CHECK ("certificate_imports"."status" in ('VALIDANDO', 'VALIDADO', 'COM_ERROS', 'IMPORTANDO', 'IMPORTADO', 'FALHOU'))
);
--> statement-breakpoint
ALTER TABLE "certificate_import_drafts" ADD CONSTRAINT "certificate_import_drafts_import_id_certificate_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."certificate_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificate_import_drafts" ADD CONSTRAINT "certificate_import_drafts_certificate_id_certificates_id_fk" FOREIGN KEY ("certificate_id") REFERENCES "public"."certificates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificate_imports" ADD CONSTRAINT "certificate_imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificate_imports" ADD CONSTRAINT "certificate_imports_exporter_id_exporters_id_fk" FOREIGN KEY ("exporter_id") REFERENCES "public"."exporters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "certificate_import_drafts_key_unique" ON "certificate_import_drafts" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "certificate_import_drafts_import_idx" ON "certificate_import_drafts" USING btree ("import_id","id");--> statement-breakpoint
CREATE INDEX "certificate_imports_user_idx" ON "certificate_imports" USING btree ("user_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "certificate_imports_sha_idx" ON "certificate_imports" USING btree ("user_id","sha256");