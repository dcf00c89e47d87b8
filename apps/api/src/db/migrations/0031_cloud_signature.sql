CREATE TABLE "cloud_signature_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"state_hash" varchar(64) NOT NULL,
	"purpose" varchar(30) NOT NULL,
	"record_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"provider_key" varchar(120) NOT NULL,
	"provider_name" varchar(80) NOT NULL,
	"signer_cpf" varchar(11) NOT NULL,
	"code_verifier" varchar(300),
	"document" text,
	"status" varchar(12) DEFAULT 'pending' NOT NULL,
	"failure" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "cloud_signature_attempts_state_hash_unique" UNIQUE("state_hash"),
	CONSTRAINT "cloud_signature_attempts_purpose_check" CHECK ("cloud_signature_attempts"."purpose" in ('certificate_first', 'certificate_second', 'declaration')),
	CONSTRAINT "cloud_signature_attempts_status_check" CHECK ("cloud_signature_attempts"."status" in ('pending', 'claimed', 'completed', 'failed', 'superseded'))
);
--> statement-breakpoint
CREATE TABLE "cloud_signature_providers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(80) NOT NULL,
	"base_url" varchar(500) NOT NULL,
	"client_id" varchar(200) NOT NULL,
	"client_secret" varchar(1000) NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cloud_signature_providers_name_unique" UNIQUE("name")
);
--> statement-breakpoint
ALTER TABLE "cloud_signature_attempts" ADD CONSTRAINT "cloud_signature_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cloud_signature_providers" ADD CONSTRAINT "cloud_signature_providers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cloud_signature_attempts_record_idx" ON "cloud_signature_attempts" USING btree ("purpose","record_id","user_id");--> statement-breakpoint
CREATE INDEX "cloud_signature_attempts_created_idx" ON "cloud_signature_attempts" USING btree ("created_at");