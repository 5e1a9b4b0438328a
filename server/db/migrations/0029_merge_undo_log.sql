ALTER TABLE "account_merge_requests" ADD COLUMN "replaced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "account_merges" ADD COLUMN "changes" jsonb DEFAULT '{"updated":{},"removed":{},"inserted":{}}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "account_merges" ADD COLUMN "undo_token_hash" text;--> statement-breakpoint
CREATE INDEX "account_merge_requests_agent_id_idx" ON "account_merge_requests" USING btree ("agent_id");