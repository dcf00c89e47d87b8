CREATE TABLE "custom_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(120) NOT NULL,
	"customization" text,
	"fields" jsonb NOT NULL,
	"role_type" varchar(20) DEFAULT 'DEFAULT' NOT NULL,
	"template_report_id" integer DEFAULT 1 NOT NULL,
	"grouping_report_id" integer DEFAULT 2 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "custom_reports_fields_check" CHECK (jsonb_typeof("custom_reports"."fields") = 'array')
);
--> statement-breakpoint
ALTER TABLE "custom_reports" ADD CONSTRAINT "custom_reports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "custom_reports_name_idx" ON "custom_reports" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "certificates_issued_idx" ON "certificates" USING btree ("issued_at") WHERE "certificates"."issued_at" is not null;--> statement-breakpoint
CREATE INDEX "certificates_association_issued_idx" ON "certificates" USING btree ("trade_association_id","issued_at") WHERE "certificates"."issued_at" is not null;--> statement-breakpoint
CREATE INDEX "certificates_exporter_issued_idx" ON "certificates" USING btree ("exporter_id","issued_at") WHERE "certificates"."issued_at" is not null;--> statement-breakpoint
CREATE INDEX "certificates_dispatcher_issued_idx" ON "certificates" USING btree ("dispatcher_id","issued_at") WHERE "certificates"."dispatcher_id" is not null and "certificates"."issued_at" is not null;--> statement-breakpoint
CREATE INDEX "declarations_updated_idx" ON "declarations" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "declarations_association_updated_idx" ON "declarations" USING btree ("trade_association_id","updated_at","id");