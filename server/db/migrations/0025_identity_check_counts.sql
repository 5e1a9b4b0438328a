CREATE TABLE "identity_check_counts" (
	"day" date PRIMARY KEY NOT NULL,
	"checks" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- ADR 054: identity_check_counts follows identity_checks, a row per UTC day, so the auditor list's
-- total (no agent code, whole days or none) sums those rows instead of counting up to 10,001 checks
-- (ADR 040) on every page. The checks are written once and deleted only with their user; insert and
-- delete are statement-level triggers with transition tables, as course_counts (0023), and a row
-- trigger follows a change of created_at (never made by the app; its WHEN costs nothing otherwise).
-- The days are taken in order, so two statements adding several days lock their rows alike.
CREATE FUNCTION identity_check_counts_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO identity_check_counts AS c (day, checks)
      SELECT (created_at AT TIME ZONE 'UTC')::date, count(*)::int FROM new_rows GROUP BY 1 ORDER BY 1
      ON CONFLICT (day) DO UPDATE SET checks = c.checks + excluded.checks;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE identity_check_counts c SET checks = c.checks - d.n
      FROM (SELECT (created_at AT TIME ZONE 'UTC')::date AS day, count(*)::int AS n FROM old_rows GROUP BY 1) d
      WHERE c.day = d.day;
  ELSIF TG_OP = 'TRUNCATE' THEN
    DELETE FROM identity_check_counts;
  ELSE
    UPDATE identity_check_counts SET checks = checks - 1 WHERE day = (OLD.created_at AT TIME ZONE 'UTC')::date;
    INSERT INTO identity_check_counts AS c (day, checks) VALUES ((NEW.created_at AT TIME ZONE 'UTC')::date, 1)
      ON CONFLICT (day) DO UPDATE SET checks = c.checks + 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER identity_checks_count_insert AFTER INSERT ON identity_checks REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION identity_check_counts_change();
--> statement-breakpoint
CREATE TRIGGER identity_checks_count_delete AFTER DELETE ON identity_checks REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION identity_check_counts_change();
--> statement-breakpoint
CREATE TRIGGER identity_checks_count_truncate AFTER TRUNCATE ON identity_checks FOR EACH STATEMENT EXECUTE FUNCTION identity_check_counts_change();
--> statement-breakpoint
CREATE TRIGGER identity_checks_count_move AFTER UPDATE OF created_at ON identity_checks FOR EACH ROW
  WHEN (OLD.created_at IS DISTINCT FROM NEW.created_at)
  EXECUTE FUNCTION identity_check_counts_change();
--> statement-breakpoint
INSERT INTO identity_check_counts (day, checks) SELECT (created_at AT TIME ZONE 'UTC')::date, count(*)::int FROM identity_checks GROUP BY 1;
