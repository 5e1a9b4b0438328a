import { defineConfig } from 'drizzle-kit';

// `npx drizzle-kit generate` needs no database: it diffs server/db/schema.ts against the
// snapshots in server/db/migrations. The server applies those migrations on start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.ts',
  out: './server/db/migrations',
});
