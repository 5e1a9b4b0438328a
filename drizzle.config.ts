import { defineConfig } from 'drizzle-kit';

// `npx drizzle-kit generate` needs no database: it diffs server/db/schema/ (one file per feature,
// re-exported by index.ts) against the snapshots in server/db/migrations. The server applies
// those migrations on start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema/index.ts',
  out: './server/db/migrations',
});
