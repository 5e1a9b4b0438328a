CREATE TABLE "cpd_reminders_sent" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cpd_reminders_sent_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"period_start_year" integer NOT NULL,
	"kind" text NOT NULL,
	"mark" integer NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"needed_minutes" integer NOT NULL,
	"needed_ethics_minutes" integer NOT NULL,
	CONSTRAINT "cpd_reminders_sent_mark" CHECK ("cpd_reminders_sent"."mark" >= 0)
);
--> statement-breakpoint
ALTER TABLE "cpd_reminders_sent" ADD CONSTRAINT "cpd_reminders_sent_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cpd_reminders_sent_once" ON "cpd_reminders_sent" USING btree ("user_id","period_start_year","kind","mark");--> statement-breakpoint
CREATE INDEX "cpd_reminders_sent_period_idx" ON "cpd_reminders_sent" USING btree ("period_start_year","kind");