ALTER TABLE "users" ALTER COLUMN "totp_secret" SET DATA TYPE varchar(200);--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "totp_pending_secret" SET DATA TYPE varchar(200);--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ALTER COLUMN "secret" SET DATA TYPE varchar(200);