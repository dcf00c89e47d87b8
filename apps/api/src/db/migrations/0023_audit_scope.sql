ALTER TABLE "audits" ADD COLUMN "trade_association_id" integer;--> statement-breakpoint
ALTER TABLE "audits" ADD COLUMN "federation_id" integer;--> statement-breakpoint
-- The trail written so far takes its users' places now (the closest record of where they were then).
UPDATE "audits" a SET "trade_association_id" = u."trade_association_id",
  "federation_id" = coalesce(u."federation_id", ta."federation_id")
FROM "users" u LEFT JOIN "trade_associations" ta ON ta."id" = u."trade_association_id"
WHERE u."id" = a."user_id" AND (u."trade_association_id" IS NOT NULL OR u."federation_id" IS NOT NULL);--> statement-breakpoint
CREATE INDEX "audits_association_created_idx" ON "audits" USING btree ("trade_association_id","created_at","id") WHERE "audits"."trade_association_id" is not null;--> statement-breakpoint
CREATE INDEX "audits_federation_created_idx" ON "audits" USING btree ("federation_id","created_at","id") WHERE "audits"."federation_id" is not null;--> statement-breakpoint
-- The planner learns the new columns now, not at the next autovacuum.
ANALYZE "audits";