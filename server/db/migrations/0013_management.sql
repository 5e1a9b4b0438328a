CREATE TABLE "management_course_rules" (
	"course_id" bigint PRIMARY KEY NOT NULL,
	"ethics_regulations" boolean DEFAULT false NOT NULL,
	"due_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "management_offline_course_rules" (
	"offline_course_id" bigint PRIMARY KEY NOT NULL,
	"ethics_regulations" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_messages" (
	"notification_id" bigint PRIMARY KEY NOT NULL,
	"title_key" text NOT NULL,
	"body_key" text NOT NULL,
	"params" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "management_course_rules" ADD CONSTRAINT "management_course_rules_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "management_offline_course_rules" ADD CONSTRAINT "management_offline_course_rules_offline_course_id_offline_courses_id_fk" FOREIGN KEY ("offline_course_id") REFERENCES "public"."offline_courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_messages" ADD CONSTRAINT "notification_messages_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;