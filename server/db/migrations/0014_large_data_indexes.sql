DROP INDEX "identity_checks_created_at_idx";--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "enrolment_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "like_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "tokens_expires_at_idx" ON "tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "identity_checks_created_at_id_idx" ON "identity_checks" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "course_items_attachment_id_idx" ON "course_items" USING btree ("attachment_id");