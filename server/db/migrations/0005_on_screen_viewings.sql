CREATE TABLE "credited_spans" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "credited_spans_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"on_screen_log_id" bigint NOT NULL,
	"viewing_id" bigint NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"identity_check_id" bigint,
	"sign_in_session_id" uuid
);
--> statement-breakpoint
CREATE TABLE "viewings" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "viewings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"session_id" uuid,
	"course_id" bigint,
	"item_id" bigint,
	"attachment_id" bigint,
	"started_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "on_screen_logs" ADD COLUMN "viewing_id" bigint;--> statement-breakpoint
ALTER TABLE "on_screen_logs" ADD COLUMN "claimed_duration" integer;--> statement-breakpoint
ALTER TABLE "credited_spans" ADD CONSTRAINT "credited_spans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credited_spans" ADD CONSTRAINT "credited_spans_on_screen_log_id_on_screen_logs_id_fk" FOREIGN KEY ("on_screen_log_id") REFERENCES "public"."on_screen_logs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credited_spans" ADD CONSTRAINT "credited_spans_viewing_id_viewings_id_fk" FOREIGN KEY ("viewing_id") REFERENCES "public"."viewings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credited_spans" ADD CONSTRAINT "credited_spans_identity_check_id_identity_checks_id_fk" FOREIGN KEY ("identity_check_id") REFERENCES "public"."identity_checks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credited_spans" ADD CONSTRAINT "credited_spans_sign_in_session_id_sessions_id_fk" FOREIGN KEY ("sign_in_session_id") REFERENCES "public"."sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "viewings" ADD CONSTRAINT "viewings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "viewings" ADD CONSTRAINT "viewings_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "viewings" ADD CONSTRAINT "viewings_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "viewings" ADD CONSTRAINT "viewings_item_id_course_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."course_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "viewings" ADD CONSTRAINT "viewings_attachment_id_attachments_id_fk" FOREIGN KEY ("attachment_id") REFERENCES "public"."attachments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credited_spans_user_starts_idx" ON "credited_spans" USING btree ("user_id","starts_at");--> statement-breakpoint
CREATE INDEX "viewings_user_started_idx" ON "viewings" USING btree ("user_id","started_at");--> statement-breakpoint
ALTER TABLE "on_screen_logs" ADD CONSTRAINT "on_screen_logs_viewing_id_viewings_id_fk" FOREIGN KEY ("viewing_id") REFERENCES "public"."viewings"("id") ON DELETE cascade ON UPDATE no action;