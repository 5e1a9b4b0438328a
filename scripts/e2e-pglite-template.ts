// Run by scripts/e2e-server.mjs (node --import tsx): creates the PGlite database in the directory
// given as the first argument and applies every migration to it, through the server's own
// openDatabase, then closes it cleanly. No seed: each e2e server seeds its copy itself when it starts.
import { openDatabase } from '../server/db/client';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: node --import tsx scripts/e2e-pglite-template.ts <data dir>');
const database = await openDatabase({ kind: 'pglite', dataDir });
await database.close();
