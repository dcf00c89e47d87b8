CREATE TABLE "certificate_cods" (
	"certificate_id" integer PRIMARY KEY NOT NULL,
	"stage" varchar(20) NOT NULL,
	"xml" text NOT NULL,
	"exporter_signer" varchar(255) NOT NULL,
	"exporter_signed_at" timestamp with time zone NOT NULL,
	"entity_signer" varchar(255),
	"entity_signed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "certificate_cods" ADD CONSTRAINT "certificate_cods_certificate_id_certificates_id_fk" FOREIGN KEY ("certificate_id") REFERENCES "public"."certificates"("id") ON DELETE cascade ON UPDATE no action;