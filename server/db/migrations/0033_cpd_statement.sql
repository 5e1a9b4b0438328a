CREATE TABLE "cpd_verifications" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cpd_verifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"user_id" bigint NOT NULL,
	"subject" text NOT NULL,
	"figures" jsonb NOT NULL,
	"fingerprint" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	CONSTRAINT "cpd_verifications_code_unique" UNIQUE("code"),
	CONSTRAINT "cpd_verifications_once" UNIQUE("user_id","kind","subject","fingerprint")
);
--> statement-breakpoint
ALTER TABLE "cpd_verifications" ADD CONSTRAINT "cpd_verifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cpd_verifications_user" ON "cpd_verifications" USING btree ("user_id");