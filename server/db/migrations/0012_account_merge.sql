CREATE TABLE "account_merge_requests" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"recruit_id" bigint NOT NULL,
	"agent_id" bigint NOT NULL,
	"email" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "account_merges" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "account_merges_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"recruit_id" bigint NOT NULL,
	"agent_id" bigint NOT NULL,
	"moved" jsonb NOT NULL,
	"conflicts" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"undone_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "account_merge_requests" ADD CONSTRAINT "account_merge_requests_recruit_id_users_id_fk" FOREIGN KEY ("recruit_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_merge_requests" ADD CONSTRAINT "account_merge_requests_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_merges" ADD CONSTRAINT "account_merges_recruit_id_users_id_fk" FOREIGN KEY ("recruit_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_merges" ADD CONSTRAINT "account_merges_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_merge_requests_recruit_id_idx" ON "account_merge_requests" USING btree ("recruit_id");--> statement-breakpoint
CREATE UNIQUE INDEX "account_merges_agent_once_idx" ON "account_merges" USING btree ("agent_id") WHERE "account_merges"."undone_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "account_merges_recruit_once_idx" ON "account_merges" USING btree ("recruit_id") WHERE "account_merges"."undone_at" is null;