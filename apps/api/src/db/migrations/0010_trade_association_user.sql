ALTER TABLE "trade_associations" ADD COLUMN "user_id" integer;--> statement-breakpoint
ALTER TABLE "trade_associations" ADD CONSTRAINT "trade_associations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trade_associations_user_idx" ON "trade_associations" USING btree ("user_id");