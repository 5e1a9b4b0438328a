CREATE TABLE "cpd_claims" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cpd_claims_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"provider" text NOT NULL,
	"title" text NOT NULL,
	"started_on" date NOT NULL,
	"ended_on" date NOT NULL,
	"minutes" integer NOT NULL,
	"ethics_or_regulations" boolean DEFAULT false NOT NULL,
	"evidence_storage_key" text NOT NULL,
	"evidence_name" text NOT NULL,
	"evidence_media_type" text NOT NULL,
	"evidence_bytes" integer NOT NULL,
	"terms_accepted_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	"decided_by" bigint,
	"decided_at" timestamp with time zone,
	"decision_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cpd_claims" ADD CONSTRAINT "cpd_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cpd_claims" ADD CONSTRAINT "cpd_claims_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cpd_claims_user_idx" ON "cpd_claims" USING btree ("user_id","ended_on");--> statement-breakpoint
CREATE INDEX "cpd_claims_status_idx" ON "cpd_claims" USING btree ("status");