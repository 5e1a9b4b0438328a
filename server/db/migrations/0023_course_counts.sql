CREATE TABLE "course_counts" (
	"kind" text NOT NULL,
	"department_id" bigint NOT NULL,
	"courses" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "course_counts_kind_department_id_pk" PRIMARY KEY("kind","department_id")
);
--> statement-breakpoint
-- ADR 051: course_counts follows courses (kind × department), so a catalogue list's total reads a
-- dozen counter rows and the few courses dated in the future instead of counting every published
-- course. Insert and delete: statement-level triggers with transition tables, as the counters of 0015
-- and 0017 (one statement whatever the row count). Update: a row trigger that fires only when a
-- course changes kind or department; its WHEN is checked without calling the function, so the
-- frequent updates of a course row (clicks, enrolment and like counters) cost nothing more.
-- Hand-written below the table drizzle-kit generated: Drizzle's schema has no triggers.
CREATE FUNCTION course_counts_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO course_counts AS c (kind, department_id, courses)
      SELECT kind, department_id, count(*)::int FROM new_rows GROUP BY kind, department_id
      ON CONFLICT (kind, department_id) DO UPDATE SET courses = c.courses + excluded.courses;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE course_counts c SET courses = c.courses - d.n
      FROM (SELECT kind, department_id, count(*)::int AS n FROM old_rows GROUP BY kind, department_id) d
      WHERE c.kind = d.kind AND c.department_id = d.department_id;
  ELSIF TG_OP = 'TRUNCATE' THEN
    DELETE FROM course_counts;
  ELSE
    UPDATE course_counts SET courses = courses - 1 WHERE kind = OLD.kind AND department_id = OLD.department_id;
    INSERT INTO course_counts AS c (kind, department_id, courses) VALUES (NEW.kind, NEW.department_id, 1)
      ON CONFLICT (kind, department_id) DO UPDATE SET courses = c.courses + 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER courses_count_insert AFTER INSERT ON courses REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION course_counts_change();
--> statement-breakpoint
CREATE TRIGGER courses_count_delete AFTER DELETE ON courses REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION course_counts_change();
--> statement-breakpoint
CREATE TRIGGER courses_count_truncate AFTER TRUNCATE ON courses FOR EACH STATEMENT EXECUTE FUNCTION course_counts_change();
--> statement-breakpoint
CREATE TRIGGER courses_count_move AFTER UPDATE OF kind, department_id ON courses FOR EACH ROW
  WHEN (OLD.kind IS DISTINCT FROM NEW.kind OR OLD.department_id IS DISTINCT FROM NEW.department_id)
  EXECUTE FUNCTION course_counts_change();
--> statement-breakpoint
INSERT INTO course_counts (kind, department_id, courses) SELECT kind, department_id, count(*)::int FROM courses GROUP BY kind, department_id;
