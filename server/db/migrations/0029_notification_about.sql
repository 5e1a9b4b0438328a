ALTER TABLE "notifications" ADD COLUMN "course_id" bigint;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "offline_course_id" bigint;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_offline_course_id_offline_courses_id_fk" FOREIGN KEY ("offline_course_id") REFERENCES "public"."offline_courses"("id") ON DELETE set null ON UPDATE no action;