CREATE TABLE "scorm_items" (
	"item_id" bigint PRIMARY KEY NOT NULL,
	"package_id" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scorm_packages" (
	"id" text PRIMARY KEY NOT NULL,
	"version" text NOT NULL,
	"launch_file" text NOT NULL,
	"files" jsonb NOT NULL,
	"installed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scorm_runtime" (
	"user_id" bigint NOT NULL,
	"item_id" bigint NOT NULL,
	"started_launch" integer DEFAULT 0 NOT NULL,
	"launch" integer DEFAULT 0 NOT NULL,
	"seq" integer DEFAULT 0 NOT NULL,
	"completion" text DEFAULT 'not_attempted' NOT NULL,
	"success" text DEFAULT 'unknown' NOT NULL,
	"score_raw" double precision,
	"score_min" double precision,
	"score_max" double precision,
	"location" text DEFAULT '' NOT NULL,
	"suspend_data" text DEFAULT '' NOT NULL,
	"cmi" text DEFAULT '{}' NOT NULL,
	"finished_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scorm_runtime_user_id_item_id_pk" PRIMARY KEY("user_id","item_id")
);
--> statement-breakpoint
ALTER TABLE "scorm_items" ADD CONSTRAINT "scorm_items_item_id_course_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."course_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scorm_items" ADD CONSTRAINT "scorm_items_package_id_scorm_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."scorm_packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scorm_runtime" ADD CONSTRAINT "scorm_runtime_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scorm_runtime" ADD CONSTRAINT "scorm_runtime_item_id_course_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."course_items"("id") ON DELETE cascade ON UPDATE no action;