CREATE TABLE "revocation_answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(4) NOT NULL,
	"url" text NOT NULL,
	"subject_key" varchar(200) DEFAULT '' NOT NULL,
	"der" "bytea" NOT NULL,
	"this_update" timestamp with time zone NOT NULL,
	"next_update" timestamp with time zone NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "revocation_answers_kind_check" CHECK ("revocation_answers"."kind" in ('ocsp', 'crl'))
);
--> statement-breakpoint
CREATE TABLE "signature_evidence" (
	"id" serial PRIMARY KEY NOT NULL,
	"record_type" varchar(20) NOT NULL,
	"record_id" integer NOT NULL,
	"status" varchar(10) NOT NULL,
	"document_sha256" varchar(64) NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	"signers" jsonb NOT NULL,
	"timestamp_reply" "bytea",
	"timestamped_at" timestamp with time zone,
	"authority" varchar(255),
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "signature_evidence_type_check" CHECK ("signature_evidence"."record_type" in ('certificate', 'declaration')),
	CONSTRAINT "signature_evidence_status_check" CHECK ("signature_evidence"."status" in ('pending', 'complete'))
);
--> statement-breakpoint
ALTER TABLE "certificates" DROP CONSTRAINT "certificates_status_check";--> statement-breakpoint
CREATE UNIQUE INDEX "revocation_answers_key" ON "revocation_answers" USING btree ("kind","url","subject_key");--> statement-breakpoint
CREATE INDEX "revocation_answers_next_update_idx" ON "revocation_answers" USING btree ("next_update");--> statement-breakpoint
CREATE UNIQUE INDEX "signature_evidence_record" ON "signature_evidence" USING btree ("record_type","record_id");--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_status_check" CHECK ("certificates"."status" in ('RASCUNHO', 'AGUARDANDO_ASSINATURA', 'ENVIADO', 'EM_ANALISE', 'REPROVADO', 'APROVADO', 'AGUARDANDO_CARIMBO', 'EMITIDO', 'CANCELAMENTO_SOLICITADO', 'CANCELADO', 'SUBSTITUICAO_SOLICITADA', 'SUBSTITUIDO'));