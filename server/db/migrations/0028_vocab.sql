CREATE TABLE "vocab_bookmarks" (
	"user_id" bigint NOT NULL,
	"vocab_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vocab_bookmarks_user_id_vocab_id_pk" PRIMARY KEY("user_id","vocab_id")
);
--> statement-breakpoint
CREATE TABLE "vocab_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vocab_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"word_en" text NOT NULL,
	"word_zh_cn" text NOT NULL,
	"word_zh_hk" text NOT NULL,
	"explanation_en" text NOT NULL,
	"explanation_zh_cn" text NOT NULL,
	"explanation_zh_hk" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vocab_bookmarks" ADD CONSTRAINT "vocab_bookmarks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vocab_bookmarks" ADD CONSTRAINT "vocab_bookmarks_vocab_id_vocab_entries_id_fk" FOREIGN KEY ("vocab_id") REFERENCES "public"."vocab_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vocab_entries_word_en_idx" ON "vocab_entries" USING btree ("word_en","id");--> statement-breakpoint
-- The glossary's last update (SPEC §4 "Vocabulary cache", ADR 076): moved by every statement that
-- changes vocab_entries, a delete included. Each value is later than the one before it (the row lock
-- orders the writers), so a client that read the time before a change always sees a later one after
-- it, even when the change's transaction began first. Milliseconds: the client compares Dates.
CREATE FUNCTION vocab_touched() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO settings (key, value)
    VALUES ('vocab_last_update', to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
  ON CONFLICT (key) DO UPDATE SET value = to_char(
    greatest(settings.value::timestamptz + interval '1 millisecond', clock_timestamp()) AT TIME ZONE 'UTC',
    'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER vocab_entries_touched AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON vocab_entries
  FOR EACH STATEMENT EXECUTE FUNCTION vocab_touched();
