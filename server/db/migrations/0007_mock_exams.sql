CREATE TABLE "mock_answers" (
	"attempt_id" bigint NOT NULL,
	"question_id" bigint NOT NULL,
	"value" jsonb NOT NULL,
	"seq" integer NOT NULL,
	"saved_at" timestamp with time zone NOT NULL,
	CONSTRAINT "mock_answers_attempt_id_question_id_pk" PRIMARY KEY("attempt_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "mock_attempts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mock_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"paper_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"mode" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"deadline_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"finished_by" text,
	"score" double precision,
	"full_marks" double precision,
	"pass" boolean
);
--> statement-breakpoint
CREATE TABLE "mock_bank_questions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mock_bank_questions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"topic" text NOT NULL,
	"kind" text NOT NULL,
	"text" jsonb NOT NULL,
	"points" double precision DEFAULT 1 NOT NULL,
	"max_choices" integer,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"correct_answer" jsonb NOT NULL,
	"explanation" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mock_paper_questions" (
	"paper_id" bigint NOT NULL,
	"question_id" bigint NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "mock_paper_questions_paper_id_question_id_pk" PRIMARY KEY("paper_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "mock_papers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mock_papers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"title" jsonb NOT NULL,
	"time_limit_minutes" integer NOT NULL,
	"pass_percent" double precision NOT NULL,
	CONSTRAINT "mock_papers_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "mock_topics" (
	"code" text PRIMARY KEY NOT NULL,
	"position" integer NOT NULL,
	"title" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mock_answers" ADD CONSTRAINT "mock_answers_attempt_id_mock_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."mock_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mock_answers" ADD CONSTRAINT "mock_answers_question_id_mock_bank_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."mock_bank_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mock_attempts" ADD CONSTRAINT "mock_attempts_paper_id_mock_papers_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."mock_papers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mock_attempts" ADD CONSTRAINT "mock_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mock_bank_questions" ADD CONSTRAINT "mock_bank_questions_topic_mock_topics_code_fk" FOREIGN KEY ("topic") REFERENCES "public"."mock_topics"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mock_paper_questions" ADD CONSTRAINT "mock_paper_questions_paper_id_mock_papers_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."mock_papers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mock_paper_questions" ADD CONSTRAINT "mock_paper_questions_question_id_mock_bank_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."mock_bank_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mock_attempts_user_idx" ON "mock_attempts" USING btree ("user_id","mode");--> statement-breakpoint
CREATE UNIQUE INDEX "mock_attempts_one_open_idx" ON "mock_attempts" USING btree ("paper_id","user_id","mode") WHERE "mock_attempts"."finished_at" is null;--> statement-breakpoint
CREATE INDEX "mock_attempts_open_deadline_idx" ON "mock_attempts" USING btree ("deadline_at") WHERE "mock_attempts"."finished_at" is null;--> statement-breakpoint
CREATE INDEX "mock_bank_questions_topic_idx" ON "mock_bank_questions" USING btree ("topic");