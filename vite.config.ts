import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { earlyScriptPlugin } from './build/early-script.ts';
import { chunkModulesPlugin } from './build/first-page-budget.ts';
import { firstPageChunkGroups } from './build/first-page-chunks.ts';
import { inlineEntryCss } from './build/inline-entry-css.ts';
import { precompress } from './build/precompress.ts';
import { routeHintsPlugin } from './build/route-hints.ts';
import { stripContractDocsPlugin } from './build/strip-contract-docs.ts';

const apiTarget = `http://127.0.0.1:${process.env.PORT ?? 8080}`;

// ADR 020: every server and API test file that opens a test database (through server/test-support.ts,
// directly or via server/testing/content-factory.ts) runs a second time on PostgreSQL when
// TEST_DATABASE_URL is set: the `postgres` project, each test context on its own database cloned
// from a migrated and seeded template. Files that open no database (pure functions, the HTTP layer)
// would only repeat themselves, and the *.postgres.test.ts files run on PostgreSQL already.
const opensTestDatabase = /from '[./]+(server\/)?(test-support|testing\/content-factory)'/;
const postgresTestFiles = process.env.TEST_DATABASE_URL
  ? ['server', 'tests/api']
      .flatMap((dir) => readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((file) => path.join(dir, file)))
      .filter((file) => file.endsWith('.test.ts') && !file.endsWith('.postgres.test.ts') && opensTestDatabase.test(readFileSync(file, 'utf8')))
      .sort()
  : [];
if (process.env.TEST_DATABASE_URL && postgresTestFiles.length === 0) throw new Error('No test file imports server/test-support.ts: the PostgreSQL project would be empty (ADR 020: update opensTestDatabase)');

export default defineConfig(({ command }) => ({
  // React Router's package.json names only its development build (ENABLE_DEV_WARNINGS = true:
  // its warnings stay in the bundle, remix-run/react-router#12532, #14102); the build takes the
  // production build it ships beside it, the same code with those warnings false and dropped.
  resolve: command === 'build' ? { alias: [{ find: /^react-router$/, replacement: path.resolve(import.meta.dirname, 'node_modules/react-router/dist/production/index.mjs') }, { find: /^react-router\/dom$/, replacement: path.resolve(import.meta.dirname, 'node_modules/react-router/dist/production/dom-export.mjs') }] } : {},
  // precompress: brotli and gzip of every built text file, sent by the server as they are (ADR 015).
  // stripContractDocs: the browser build leaves out the contracts' OpenAPI texts (ADR 008, 018).
  // inlineEntryCss: the entry's stylesheet is written into index.html, not linked (ADR 035).
  // routeHints: the first pages' chunks, for the server to name in their HTML (ADR 043).
  // chunkModules: each chunk's largest modules beside the manifest, for the budget test (ADR 089).
  plugins: [stripContractDocsPlugin(), react(), inlineEntryCss(), earlyScriptPlugin(), routeHintsPlugin(), chunkModulesPlugin(), precompress()],
  server: { port: 5173, proxy: { '/api': apiTarget } },
  // No data: URLs for assets: the CSP allows fonts only from 'self'.
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 500,
    assetsInlineLimit: 0,
    // .vite/manifest.json: which chunks each module's page loads, for the first-page budget's build
    // test (tests/build/first-page-budget.test.ts). Never served (server/http/static-files.ts).
    manifest: true,
    // The entry lists every lazy chunk and stylesheet by name for its preloads (about 100 names):
    // short names ("c-<hash>.js", "s-<hash>.css") keep 0.7 KB gzip off the first page (ADR 008). The
    // language catalogues keep theirs (en-<hash>.js: the bench finds the default one by it).
    // No chunk groups: the bundler's own split by dynamic import decides the chunks, and the build
    // test holds the first pages to their scripts and bytes (ADR 082).
    rollupOptions: {
      output: {
        // ADR 089: what the first pages need before they render, in a few chunks named from the
        // module graph (build/first-page-chunks.ts); everything else is the bundler's own split.
        codeSplitting: { groups: firstPageChunkGroups(import.meta.dirname) },
        chunkFileNames: (chunk) => (/[\\/]src[\\/]i18n[\\/]bundles[\\/](en|cn|zh)\.ts$/.test(chunk.facadeModuleId ?? '') ? 'assets/[name]-[hash].js' : 'assets/c-[hash].js'),
        assetFileNames: (asset) => ((asset.names[0] ?? '').endsWith('.css') ? 'assets/s-[hash][extname]' : 'assets/[name]-[hash][extname]'),
      },
    },
  },
  test: {
    // Vitest's default is one worker fewer than the cores: one on these 2-core machines. Two files at a
    // time take the run from about 510 s to 345 s here (the tests wait on I/O and timers as much as on
    // the CPU); nothing asserts a wall-clock time, and the timeouts below leave room.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    hookTimeout: 30_000,
    testTimeout: 15_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          // `npm run test:mutation` only: the machine under test is replaced by a mutant (ADR 022).
          setupFiles: process.env.MUTANT_MODULE ? ['src/machines/testing/mutation-setup.ts'] : [],
          include: ['server/**/*.test.ts', 'build/**/*.test.ts', 'src/machines/**/*.test.ts', 'src/config/**/*.test.ts', 'src/api/schemas/**/*.test.ts', 'tests/api/**/*.test.ts', 'tests/unit/**/*.test.ts'],
        },
      },
      // The built app (tests/build, ADR 082): reads dist/, so it runs after `npx vite build`
      // (scripts/test-all.mjs runs it after the app build, and leaves it out of the first Vitest run).
      { extends: true, test: { name: 'build', environment: 'node', include: ['tests/build/**/*.test.ts'] } },
      ...(postgresTestFiles.length > 0 ? [{ extends: true as const, test: { name: 'postgres', environment: 'node' as const, include: postgresTestFiles, env: { TEST_DATABASE: 'postgres' } } }] : []),
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          setupFiles: ['tests/setup-dom.ts'],
          include: ['src/**/*.test.tsx', 'src/api/*.test.ts', 'src/i18n/**/*.test.ts', 'src/routes/**/*.test.ts', 'src/ui/**/*.test.ts', 'src/platform/**/*.test.ts'],
        },
      },
    ],
  },
}));
