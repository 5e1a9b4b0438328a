-- ADR 034: courses.enrolment_count and courses.like_count follow course_enrolments and course_likes.
-- Statement-level triggers with transition tables: one UPDATE per statement whatever its row count
-- (a bulk insert of a million enrolments updates each course once). Hand-written (drizzle-kit
-- generate --custom): Drizzle's schema has no triggers. No trigger on UPDATE: nothing changes the
-- course_id of an enrolment or a like (an account merge moves user_id, which leaves the counts), and an
-- update trigger would rewrite the course row at every completion.
CREATE FUNCTION course_counters_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'course_enrolments' THEN
    UPDATE courses c SET enrolment_count = c.enrolment_count + d.n FROM (SELECT course_id, count(*)::int AS n FROM new_rows GROUP BY course_id) d WHERE c.id = d.course_id;
  ELSE
    UPDATE courses c SET like_count = c.like_count + d.n FROM (SELECT course_id, count(*)::int AS n FROM new_rows GROUP BY course_id) d WHERE c.id = d.course_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION course_counters_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'course_enrolments' THEN
    UPDATE courses c SET enrolment_count = c.enrolment_count - d.n FROM (SELECT course_id, count(*)::int AS n FROM old_rows GROUP BY course_id) d WHERE c.id = d.course_id;
  ELSE
    UPDATE courses c SET like_count = c.like_count - d.n FROM (SELECT course_id, count(*)::int AS n FROM old_rows GROUP BY course_id) d WHERE c.id = d.course_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER course_enrolments_count_insert AFTER INSERT ON course_enrolments REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION course_counters_add();
--> statement-breakpoint
CREATE TRIGGER course_enrolments_count_delete AFTER DELETE ON course_enrolments REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION course_counters_remove();
--> statement-breakpoint
CREATE TRIGGER course_likes_count_insert AFTER INSERT ON course_likes REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION course_counters_add();
--> statement-breakpoint
CREATE TRIGGER course_likes_count_delete AFTER DELETE ON course_likes REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION course_counters_remove();
--> statement-breakpoint
UPDATE courses c SET enrolment_count = (SELECT count(*) FROM course_enrolments e WHERE e.course_id = c.id), like_count = (SELECT count(*) FROM course_likes l WHERE l.course_id = c.id);
