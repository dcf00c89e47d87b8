CREATE TABLE "signer_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"purpose" varchar(30) NOT NULL,
	"record_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"access_token_id" integer NOT NULL,
	"document" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "signer_tokens_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "signer_tokens_purpose_check" CHECK ("signer_tokens"."purpose" in ('certificate_first', 'certificate_second'))
);
--> statement-breakpoint
ALTER TABLE "signer_tokens" ADD CONSTRAINT "signer_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signer_tokens" ADD CONSTRAINT "signer_tokens_access_token_id_access_tokens_id_fk" FOREIGN KEY ("access_token_id") REFERENCES "public"."access_tokens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "signer_tokens_record_idx" ON "signer_tokens" USING btree ("purpose","record_id");