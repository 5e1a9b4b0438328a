CREATE TABLE "learning_map_assignments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "learning_map_assignments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"map_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"source" text NOT NULL,
	"assigned_by" bigint,
	"assigned_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "learning_map_items" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "learning_map_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"map_id" bigint NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"course_id" bigint,
	"offline_course_id" bigint,
	"requires_previous" boolean DEFAULT false NOT NULL,
	"due_on" date,
	CONSTRAINT "learning_map_items_one_course" CHECK (("learning_map_items"."kind" = 'course' and "learning_map_items"."course_id" is not null and "learning_map_items"."offline_course_id" is null) or ("learning_map_items"."kind" = 'offline_course' and "learning_map_items"."offline_course_id" is not null and "learning_map_items"."course_id" is null))
);
--> statement-breakpoint
CREATE TABLE "learning_map_reminders_sent" (
	"user_id" bigint NOT NULL,
	"item_id" bigint NOT NULL,
	"threshold" integer NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "learning_maps" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "learning_maps_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"title" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"due_on" date,
	"for_new_joiners" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "learning_map_assignments" ADD CONSTRAINT "learning_map_assignments_map_id_learning_maps_id_fk" FOREIGN KEY ("map_id") REFERENCES "public"."learning_maps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_map_assignments" ADD CONSTRAINT "learning_map_assignments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_map_assignments" ADD CONSTRAINT "learning_map_assignments_assigned_by_users_id_fk" FOREIGN KEY ("assigned_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_map_items" ADD CONSTRAINT "learning_map_items_map_id_learning_maps_id_fk" FOREIGN KEY ("map_id") REFERENCES "public"."learning_maps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_map_items" ADD CONSTRAINT "learning_map_items_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_map_items" ADD CONSTRAINT "learning_map_items_offline_course_id_offline_courses_id_fk" FOREIGN KEY ("offline_course_id") REFERENCES "public"."offline_courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_map_reminders_sent" ADD CONSTRAINT "learning_map_reminders_sent_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_map_reminders_sent" ADD CONSTRAINT "learning_map_reminders_sent_item_id_learning_map_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."learning_map_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "learning_map_assignments_once" ON "learning_map_assignments" USING btree ("map_id","user_id");--> statement-breakpoint
CREATE INDEX "learning_map_assignments_user_idx" ON "learning_map_assignments" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "learning_map_items_position" ON "learning_map_items" USING btree ("map_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "learning_map_reminders_sent_once" ON "learning_map_reminders_sent" USING btree ("user_id","item_id","threshold");