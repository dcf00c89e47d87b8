CREATE TABLE "rate_limit_counters" (
	"key" varchar(300) PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DROP INDEX "login_failures_user_time_idx";--> statement-breakpoint
ALTER TABLE "login_failures" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "login_failures" ADD COLUMN "login" varchar(255) DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "rate_limit_counters_window_idx" ON "rate_limit_counters" USING btree ("window_ends_at");--> statement-breakpoint
CREATE INDEX "login_failures_login_time_idx" ON "login_failures" USING btree ("login","created_at");--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "locked_until";