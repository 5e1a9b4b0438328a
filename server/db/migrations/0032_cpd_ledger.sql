CREATE TABLE "cpd_course_approvals" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cpd_course_approvals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"course_id" bigint,
	"offline_course_id" bigint,
	"reference" text NOT NULL,
	"activity_kind" text NOT NULL,
	"minutes" integer NOT NULL,
	"ethics_or_regulations" boolean DEFAULT false NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date NOT NULL,
	CONSTRAINT "cpd_course_approvals_one_course" CHECK (("cpd_course_approvals"."course_id" is null) <> ("cpd_course_approvals"."offline_course_id" is null)),
	CONSTRAINT "cpd_course_approvals_window" CHECK ("cpd_course_approvals"."valid_from" <= "cpd_course_approvals"."valid_to"),
	CONSTRAINT "cpd_course_approvals_minutes" CHECK ("cpd_course_approvals"."minutes" >= 0)
);
--> statement-breakpoint
CREATE TABLE "cpd_ledger_reads" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cpd_ledger_reads_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"reader_id" bigint NOT NULL,
	"subject_id" bigint NOT NULL,
	"period_start_year" integer NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	"what" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cpd_licences" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"licence_kind" text NOT NULL,
	"licensed_on" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cpd_prorata_targets" (
	"licence_kind" text NOT NULL,
	"month_of_period" integer NOT NULL,
	"minutes" integer NOT NULL,
	"ethics_minutes" integer NOT NULL,
	CONSTRAINT "cpd_prorata_targets_licence_kind_month_of_period_pk" PRIMARY KEY("licence_kind","month_of_period"),
	CONSTRAINT "cpd_prorata_month" CHECK ("cpd_prorata_targets"."month_of_period" between 1 and 12)
);
--> statement-breakpoint
CREATE TABLE "cpd_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"period_start_month" integer NOT NULL,
	"period_start_day" integer NOT NULL,
	"declaration_due" text NOT NULL,
	"insurer_report_due" text NOT NULL,
	"retention_years" integer NOT NULL,
	"reminder_days" integer[] NOT NULL,
	"upline_weekly_from_days" integer NOT NULL,
	CONSTRAINT "cpd_settings_one_row" CHECK ("cpd_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "cpd_targets" (
	"licence_kind" text PRIMARY KEY NOT NULL,
	"minutes" integer NOT NULL,
	"ethics_minutes" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cpd_course_approvals" ADD CONSTRAINT "cpd_course_approvals_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cpd_course_approvals" ADD CONSTRAINT "cpd_course_approvals_offline_course_id_offline_courses_id_fk" FOREIGN KEY ("offline_course_id") REFERENCES "public"."offline_courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cpd_ledger_reads" ADD CONSTRAINT "cpd_ledger_reads_reader_id_users_id_fk" FOREIGN KEY ("reader_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cpd_ledger_reads" ADD CONSTRAINT "cpd_ledger_reads_subject_id_users_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cpd_licences" ADD CONSTRAINT "cpd_licences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cpd_course_approvals_course_idx" ON "cpd_course_approvals" USING btree ("course_id","valid_from");--> statement-breakpoint
CREATE INDEX "cpd_course_approvals_offline_idx" ON "cpd_course_approvals" USING btree ("offline_course_id","valid_from");--> statement-breakpoint
CREATE INDEX "cpd_ledger_reads_subject_idx" ON "cpd_ledger_reads" USING btree ("subject_id","read_at");--> statement-breakpoint
CREATE INDEX "cpd_ledger_reads_reader_idx" ON "cpd_ledger_reads" USING btree ("reader_id","read_at");--> statement-breakpoint
CREATE INDEX "offline_attendance_user_idx" ON "offline_attendance" USING btree ("user_id");