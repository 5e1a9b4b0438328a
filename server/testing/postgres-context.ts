import type { TestContext } from '../test-support';

/**
 * A test context on a PostgreSQL clone, for a `*.postgres.test.ts` file that runs in the default
 * Vitest project (with TEST_DATABASE_URL set): test-support reads TEST_DATABASE when it loads, so it
 * is set first and the module imported after, as the postgres project does for its files.
 */
export async function createPostgresTestContext(): Promise<TestContext> {
  process.env.TEST_DATABASE = 'postgres';
  const { createTestContext } = await import('../test-support');
  return createTestContext();
}
