CREATE TABLE "feedback_questions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "feedback_questions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"course_id" bigint NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"text" jsonb NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feedback_responses" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "feedback_responses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"course_id" bigint NOT NULL,
	"key" text NOT NULL,
	"rating_content" integer NOT NULL,
	"rating_presenter" integer NOT NULL,
	"rating_usefulness" integer NOT NULL,
	"comment" text,
	"answers" jsonb NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "feedback_responses_user_course_unique" UNIQUE("user_id","course_id"),
	CONSTRAINT "feedback_responses_ratings_check" CHECK ("feedback_responses"."rating_content" between 1 and 5 and "feedback_responses"."rating_presenter" between 1 and 5 and "feedback_responses"."rating_usefulness" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "feedback_questions" ADD CONSTRAINT "feedback_questions_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_responses" ADD CONSTRAINT "feedback_responses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_responses" ADD CONSTRAINT "feedback_responses_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feedback_questions_course_id_idx" ON "feedback_questions" USING btree ("course_id","position");--> statement-breakpoint
CREATE INDEX "feedback_responses_course_id_idx" ON "feedback_responses" USING btree ("course_id");