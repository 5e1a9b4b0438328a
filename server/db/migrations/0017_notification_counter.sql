-- ADR 037: users.unread_notification_count follows the user's notifications with no read_at, so the
-- sign-in check every request makes (server/auth/sessions.ts) reads users/current whole in its one
-- query. Statement-level triggers with transition tables, as course counters (0015): one UPDATE per
-- statement whatever its row count. UPDATE is counted too: reading a notice sets read_at, and an
-- account merge (ADR 032) moves notices to another user_id. Hand-written (drizzle-kit generate --custom).
CREATE FUNCTION notification_counter() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE users u SET unread_notification_count = u.unread_notification_count + d.n
      FROM (SELECT user_id, count(*)::int AS n FROM new_rows WHERE read_at IS NULL GROUP BY user_id) d WHERE u.id = d.user_id;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE users u SET unread_notification_count = u.unread_notification_count - d.n
      FROM (SELECT user_id, count(*)::int AS n FROM old_rows WHERE read_at IS NULL GROUP BY user_id) d WHERE u.id = d.user_id;
  ELSE
    UPDATE users u SET unread_notification_count = u.unread_notification_count + d.n
      FROM (
        SELECT user_id, sum(n)::int AS n FROM (
          SELECT user_id, count(*) AS n FROM new_rows WHERE read_at IS NULL GROUP BY user_id
          UNION ALL
          SELECT user_id, -count(*) AS n FROM old_rows WHERE read_at IS NULL GROUP BY user_id
        ) c GROUP BY user_id HAVING sum(n) <> 0
      ) d WHERE u.id = d.user_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER notifications_count_insert AFTER INSERT ON notifications REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notification_counter();
--> statement-breakpoint
CREATE TRIGGER notifications_count_update AFTER UPDATE ON notifications REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notification_counter();
--> statement-breakpoint
CREATE TRIGGER notifications_count_delete AFTER DELETE ON notifications REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notification_counter();
--> statement-breakpoint
UPDATE users u SET unread_notification_count = (SELECT count(*) FROM notifications n WHERE n.user_id = u.id AND n.read_at IS NULL);
