CREATE TABLE "quiz_attempt_questions" (
	"attempt_id" bigint NOT NULL,
	"question_id" bigint NOT NULL,
	"position" integer NOT NULL,
	"option_order" jsonb,
	CONSTRAINT "quiz_attempt_questions_attempt_id_question_id_pk" PRIMARY KEY("attempt_id","question_id")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "course_id" bigint;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "offline_course_id" bigint;--> statement-breakpoint
ALTER TABLE "quizzes" ADD COLUMN "shuffle_options" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "account_merge_requests" ADD COLUMN "replaced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "account_merges" ADD COLUMN "changes" jsonb DEFAULT '{"updated":{},"removed":{},"inserted":{}}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "account_merges" ADD COLUMN "undo_token_hash" text;--> statement-breakpoint
ALTER TABLE "quiz_attempt_questions" ADD CONSTRAINT "quiz_attempt_questions_attempt_id_quiz_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."quiz_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_attempt_questions" ADD CONSTRAINT "quiz_attempt_questions_question_id_quiz_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."quiz_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_offline_course_id_offline_courses_id_fk" FOREIGN KEY ("offline_course_id") REFERENCES "public"."offline_courses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_merge_requests_agent_id_idx" ON "account_merge_requests" USING btree ("agent_id");--> statement-breakpoint
ALTER TABLE "offline_sessions" DROP COLUMN "check_in_code";--> statement-breakpoint
ALTER TABLE "offline_sessions" DROP COLUMN "check_out_code";