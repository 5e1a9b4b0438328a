CREATE TABLE "course_seconds" (
	"user_id" bigint NOT NULL,
	"course_id" bigint NOT NULL,
	"seconds" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "course_seconds_user_id_course_id_pk" PRIMARY KEY("user_id","course_id")
);
--> statement-breakpoint
CREATE TABLE "day_seconds" (
	"user_id" bigint NOT NULL,
	"day" date NOT NULL,
	"seconds" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "day_seconds_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
-- ADR 057: course_seconds and day_seconds join item_seconds and attachment_seconds (0024, ADR 052),
-- kept by the same statement-level trigger function, now over four tables: the sums of each
-- learner's on_screen_logs per course (the course's total on its lesson page) and per UTC day of
-- created_at (a manager's report over whole UTC days). Before, both summed the learner's records.
-- Hand-written below the tables drizzle-kit generated: Drizzle's schema has no triggers.
CREATE OR REPLACE FUNCTION logged_seconds_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO item_seconds AS s (user_id, item_id, seconds)
      SELECT user_id, item_id, sum(duration) FROM new_rows WHERE item_id IS NOT NULL GROUP BY 1, 2
      ON CONFLICT (user_id, item_id) DO UPDATE SET seconds = s.seconds + excluded.seconds;
    INSERT INTO attachment_seconds AS s (user_id, attachment_id, seconds)
      SELECT user_id, attachment_id, sum(duration) FROM new_rows WHERE attachment_id IS NOT NULL GROUP BY 1, 2
      ON CONFLICT (user_id, attachment_id) DO UPDATE SET seconds = s.seconds + excluded.seconds;
    INSERT INTO course_seconds AS s (user_id, course_id, seconds)
      SELECT user_id, course_id, sum(duration) FROM new_rows WHERE course_id IS NOT NULL GROUP BY 1, 2
      ON CONFLICT (user_id, course_id) DO UPDATE SET seconds = s.seconds + excluded.seconds;
    INSERT INTO day_seconds AS s (user_id, day, seconds)
      SELECT user_id, (created_at AT TIME ZONE 'UTC')::date, sum(duration) FROM new_rows GROUP BY 1, 2
      ON CONFLICT (user_id, day) DO UPDATE SET seconds = s.seconds + excluded.seconds;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE item_seconds s SET seconds = s.seconds - d.n
      FROM (SELECT user_id, item_id AS k, sum(duration) AS n FROM old_rows WHERE item_id IS NOT NULL GROUP BY 1, 2) d
      WHERE s.user_id = d.user_id AND s.item_id = d.k;
    UPDATE attachment_seconds s SET seconds = s.seconds - d.n
      FROM (SELECT user_id, attachment_id AS k, sum(duration) AS n FROM old_rows WHERE attachment_id IS NOT NULL GROUP BY 1, 2) d
      WHERE s.user_id = d.user_id AND s.attachment_id = d.k;
    UPDATE course_seconds s SET seconds = s.seconds - d.n
      FROM (SELECT user_id, course_id AS k, sum(duration) AS n FROM old_rows WHERE course_id IS NOT NULL GROUP BY 1, 2) d
      WHERE s.user_id = d.user_id AND s.course_id = d.k;
    UPDATE day_seconds s SET seconds = s.seconds - d.n
      FROM (SELECT user_id, (created_at AT TIME ZONE 'UTC')::date AS k, sum(duration) AS n FROM old_rows GROUP BY 1, 2) d
      WHERE s.user_id = d.user_id AND s.day = d.k;
  ELSE
    INSERT INTO item_seconds AS s (user_id, item_id, seconds)
      SELECT user_id, k, sum(n) FROM (
        SELECT user_id, item_id AS k, duration::bigint AS n FROM new_rows WHERE item_id IS NOT NULL
        UNION ALL
        SELECT user_id, item_id AS k, -duration::bigint AS n FROM old_rows WHERE item_id IS NOT NULL
      ) c GROUP BY user_id, k HAVING sum(n) <> 0
      ON CONFLICT (user_id, item_id) DO UPDATE SET seconds = s.seconds + excluded.seconds;
    INSERT INTO attachment_seconds AS s (user_id, attachment_id, seconds)
      SELECT user_id, k, sum(n) FROM (
        SELECT user_id, attachment_id AS k, duration::bigint AS n FROM new_rows WHERE attachment_id IS NOT NULL
        UNION ALL
        SELECT user_id, attachment_id AS k, -duration::bigint AS n FROM old_rows WHERE attachment_id IS NOT NULL
      ) c GROUP BY user_id, k HAVING sum(n) <> 0
      ON CONFLICT (user_id, attachment_id) DO UPDATE SET seconds = s.seconds + excluded.seconds;
    INSERT INTO course_seconds AS s (user_id, course_id, seconds)
      SELECT user_id, k, sum(n) FROM (
        SELECT user_id, course_id AS k, duration::bigint AS n FROM new_rows WHERE course_id IS NOT NULL
        UNION ALL
        SELECT user_id, course_id AS k, -duration::bigint AS n FROM old_rows WHERE course_id IS NOT NULL
      ) c GROUP BY user_id, k HAVING sum(n) <> 0
      ON CONFLICT (user_id, course_id) DO UPDATE SET seconds = s.seconds + excluded.seconds;
    INSERT INTO day_seconds AS s (user_id, day, seconds)
      SELECT user_id, k, sum(n) FROM (
        SELECT user_id, (created_at AT TIME ZONE 'UTC')::date AS k, duration::bigint AS n FROM new_rows
        UNION ALL
        SELECT user_id, (created_at AT TIME ZONE 'UTC')::date AS k, -duration::bigint AS n FROM old_rows
      ) c GROUP BY user_id, k HAVING sum(n) <> 0
      ON CONFLICT (user_id, day) DO UPDATE SET seconds = s.seconds + excluded.seconds;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
INSERT INTO course_seconds (user_id, course_id, seconds) SELECT user_id, course_id, sum(duration) FROM on_screen_logs WHERE course_id IS NOT NULL GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO day_seconds (user_id, day, seconds) SELECT user_id, (created_at AT TIME ZONE 'UTC')::date, sum(duration) FROM on_screen_logs GROUP BY 1, 2;
