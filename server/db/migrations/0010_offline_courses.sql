CREATE TABLE "offline_attendance" (
	"session_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"checked_in_at" timestamp with time zone NOT NULL,
	"checked_out_at" timestamp with time zone,
	CONSTRAINT "offline_attendance_session_id_user_id_pk" PRIMARY KEY("session_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "offline_courses" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "offline_courses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"title" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"venue" jsonb NOT NULL,
	"initiator" jsonb NOT NULL,
	"remarks" jsonb NOT NULL,
	"fee" double precision DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'HKD' NOT NULL,
	"enquiry_email" text NOT NULL,
	"duration_hours" double precision NOT NULL,
	"cpd_hours" double precision DEFAULT 0 NOT NULL,
	"quota" integer NOT NULL,
	"needs_approval" boolean DEFAULT true NOT NULL,
	"applications_open_at" timestamp with time zone NOT NULL,
	"enrol_deadline" timestamp with time zone NOT NULL,
	"cancel_deadline" timestamp with time zone NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offline_enrolments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "offline_enrolments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"course_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"status" text NOT NULL,
	"source" text DEFAULT 'learner' NOT NULL,
	"terms_accepted_at" timestamp with time zone,
	"requested_at" timestamp with time zone NOT NULL,
	"decided_by" bigint,
	"decided_at" timestamp with time zone,
	"decision_reason" text,
	"promoted_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "offline_materials" (
	"offline_course_id" bigint NOT NULL,
	"attachment_id" bigint NOT NULL,
	"position" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "offline_materials_offline_course_id_attachment_id_pk" PRIMARY KEY("offline_course_id","attachment_id")
);
--> statement-breakpoint
CREATE TABLE "offline_prerequisites" (
	"offline_course_id" bigint NOT NULL,
	"group_no" integer NOT NULL,
	"course_id" bigint NOT NULL,
	CONSTRAINT "offline_prerequisites_offline_course_id_group_no_course_id_pk" PRIMARY KEY("offline_course_id","group_no","course_id")
);
--> statement-breakpoint
CREATE TABLE "offline_sessions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "offline_sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"course_id" bigint NOT NULL,
	"title" jsonb NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"window_opens_at" timestamp with time zone NOT NULL,
	"window_closes_at" timestamp with time zone NOT NULL,
	"check_in_code" text NOT NULL,
	"check_out_code" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "offline_attendance" ADD CONSTRAINT "offline_attendance_session_id_offline_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."offline_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offline_attendance" ADD CONSTRAINT "offline_attendance_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offline_enrolments" ADD CONSTRAINT "offline_enrolments_course_id_offline_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."offline_courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offline_enrolments" ADD CONSTRAINT "offline_enrolments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offline_enrolments" ADD CONSTRAINT "offline_enrolments_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offline_materials" ADD CONSTRAINT "offline_materials_offline_course_id_offline_courses_id_fk" FOREIGN KEY ("offline_course_id") REFERENCES "public"."offline_courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offline_materials" ADD CONSTRAINT "offline_materials_attachment_id_attachments_id_fk" FOREIGN KEY ("attachment_id") REFERENCES "public"."attachments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offline_prerequisites" ADD CONSTRAINT "offline_prerequisites_offline_course_id_offline_courses_id_fk" FOREIGN KEY ("offline_course_id") REFERENCES "public"."offline_courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offline_prerequisites" ADD CONSTRAINT "offline_prerequisites_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offline_sessions" ADD CONSTRAINT "offline_sessions_course_id_offline_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."offline_courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "offline_courses_published_idx" ON "offline_courses" USING btree ("published_at");--> statement-breakpoint
CREATE UNIQUE INDEX "offline_enrolments_one_active_idx" ON "offline_enrolments" USING btree ("course_id","user_id") WHERE "offline_enrolments"."status" in ('pending', 'confirmed', 'waiting');--> statement-breakpoint
CREATE INDEX "offline_enrolments_course_status_idx" ON "offline_enrolments" USING btree ("course_id","status","requested_at");--> statement-breakpoint
CREATE INDEX "offline_enrolments_user_idx" ON "offline_enrolments" USING btree ("user_id","requested_at");--> statement-breakpoint
CREATE INDEX "offline_sessions_course_idx" ON "offline_sessions" USING btree ("course_id","starts_at");