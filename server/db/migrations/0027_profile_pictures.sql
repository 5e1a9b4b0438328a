-- ADR 060, addendum 2: the learners' icons and covers as rows, written in the same transaction as
-- the user's new URL and the removal of the picture it replaced (they were files in DATA_DIR/files).
CREATE TABLE "profile_pictures" (
	"name" text PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"media_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "profile_pictures" ADD CONSTRAINT "profile_pictures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "profile_pictures_user_id_idx" ON "profile_pictures" USING btree ("user_id");