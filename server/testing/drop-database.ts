import type postgres from 'postgres';

/**
 * Drops a test database. FORCE ends its connections, but an autovacuum worker busy in it belongs
 * to the server, which a non-superuser test role may not end ("must be a member of the role whose
 * process is being terminated"): seen after tests that wrote many rows, on a busy machine. The
 * worker is gone a moment later, so the drop is tried again.
 */
export async function dropTestDatabase(admin: postgres.Sql, name: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      return;
    } catch (error) {
      if (attempt >= 10 || !/member of the role whose process is being terminated/.test(String(error))) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
    }
  }
}
