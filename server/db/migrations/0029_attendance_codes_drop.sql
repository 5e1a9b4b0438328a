ALTER TABLE "offline_sessions" DROP COLUMN "check_in_code";--> statement-breakpoint
ALTER TABLE "offline_sessions" DROP COLUMN "check_out_code";