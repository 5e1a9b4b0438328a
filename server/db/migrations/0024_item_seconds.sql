CREATE TABLE "attachment_seconds" (
	"user_id" bigint NOT NULL,
	"attachment_id" bigint NOT NULL,
	"seconds" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "attachment_seconds_user_id_attachment_id_pk" PRIMARY KEY("user_id","attachment_id")
);
--> statement-breakpoint
CREATE TABLE "item_seconds" (
	"user_id" bigint NOT NULL,
	"item_id" bigint NOT NULL,
	"seconds" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "item_seconds_user_id_item_id_pk" PRIMARY KEY("user_id","item_id")
);
--> statement-breakpoint
-- ADR 052: item_seconds and attachment_seconds hold the sums of each learner's on_screen_logs per item
-- and per attachment, so whether an item is complete, and the time shown beside an item or an
-- attachment, read one row instead of summing the learner's records (a record every 30 s of learning).
-- Statement-level triggers with transition tables, as the counters of 0015, 0017 and 0023: one upsert
-- per statement whatever its row count. UPDATE counts too: an account merge (ADR 032) moves records to
-- another user_id. Hand-written below the tables drizzle-kit generated: Drizzle's schema has no triggers.
CREATE FUNCTION logged_seconds_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO item_seconds AS s (user_id, item_id, seconds)
      SELECT user_id, item_id, sum(duration) FROM new_rows WHERE item_id IS NOT NULL GROUP BY user_id, item_id
      ON CONFLICT (user_id, item_id) DO UPDATE SET seconds = s.seconds + excluded.seconds;
    INSERT INTO attachment_seconds AS s (user_id, attachment_id, seconds)
      SELECT user_id, attachment_id, sum(duration) FROM new_rows WHERE attachment_id IS NOT NULL GROUP BY user_id, attachment_id
      ON CONFLICT (user_id, attachment_id) DO UPDATE SET seconds = s.seconds + excluded.seconds;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE item_seconds s SET seconds = s.seconds - d.n
      FROM (SELECT user_id, item_id, sum(duration) AS n FROM old_rows WHERE item_id IS NOT NULL GROUP BY user_id, item_id) d
      WHERE s.user_id = d.user_id AND s.item_id = d.item_id;
    UPDATE attachment_seconds s SET seconds = s.seconds - d.n
      FROM (SELECT user_id, attachment_id, sum(duration) AS n FROM old_rows WHERE attachment_id IS NOT NULL GROUP BY user_id, attachment_id) d
      WHERE s.user_id = d.user_id AND s.attachment_id = d.attachment_id;
  ELSE
    INSERT INTO item_seconds AS s (user_id, item_id, seconds)
      SELECT user_id, item_id, sum(n) FROM (
        SELECT user_id, item_id, duration::bigint AS n FROM new_rows WHERE item_id IS NOT NULL
        UNION ALL
        SELECT user_id, item_id, -duration::bigint AS n FROM old_rows WHERE item_id IS NOT NULL
      ) c GROUP BY user_id, item_id HAVING sum(n) <> 0
      ON CONFLICT (user_id, item_id) DO UPDATE SET seconds = s.seconds + excluded.seconds;
    INSERT INTO attachment_seconds AS s (user_id, attachment_id, seconds)
      SELECT user_id, attachment_id, sum(n) FROM (
        SELECT user_id, attachment_id, duration::bigint AS n FROM new_rows WHERE attachment_id IS NOT NULL
        UNION ALL
        SELECT user_id, attachment_id, -duration::bigint AS n FROM old_rows WHERE attachment_id IS NOT NULL
      ) c GROUP BY user_id, attachment_id HAVING sum(n) <> 0
      ON CONFLICT (user_id, attachment_id) DO UPDATE SET seconds = s.seconds + excluded.seconds;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER on_screen_logs_seconds_insert AFTER INSERT ON on_screen_logs REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION logged_seconds_change();
--> statement-breakpoint
CREATE TRIGGER on_screen_logs_seconds_update AFTER UPDATE ON on_screen_logs REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION logged_seconds_change();
--> statement-breakpoint
CREATE TRIGGER on_screen_logs_seconds_delete AFTER DELETE ON on_screen_logs REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION logged_seconds_change();
--> statement-breakpoint
INSERT INTO item_seconds (user_id, item_id, seconds) SELECT user_id, item_id, sum(duration) FROM on_screen_logs WHERE item_id IS NOT NULL GROUP BY user_id, item_id;
--> statement-breakpoint
INSERT INTO attachment_seconds (user_id, attachment_id, seconds) SELECT user_id, attachment_id, sum(duration) FROM on_screen_logs WHERE attachment_id IS NOT NULL GROUP BY user_id, attachment_id;
