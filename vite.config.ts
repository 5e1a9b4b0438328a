import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { inlineEntryCss } from './build/inline-entry-css.ts';
import { precompress } from './build/precompress.ts';
import { LEARNING_TEXTS, routeHintsPlugin } from './build/route-hints.ts';
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

// The app's production build runs on Preact through preact/compat (ADR 035: the first page's
// JavaScript within 120 KB gzip; React and ReactDOM alone are 66.7 KB of it, preact/compat about 11).
// Only `vite build` of the app: the dev server, Vitest (command "serve") and Storybook (which sets
// STORYBOOK, and builds with command "build") keep React, so the unit tests and stories run on React
// and the Playwright journeys, against the built app, run on Preact. Exact names only (`$`), so
// that a React path without a Preact equivalent fails the build rather than bundling React.
// react-dom/client is build/preact-client.ts: preact/compat's createRoot with React's effect timing.
const preactAliases = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: path.resolve(import.meta.dirname, 'build/preact-client.ts') },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
];

// ADR 035 addendum 2 (fewer requests before the first render): left to itself the bundler cut the
// modules that boot and the first pages load into 30–40 chunks, most under 2 KB. The server speaks
// HTTP/1.1, so a browser fetches six at a time: on a phone network (Lighthouse: 150 ms a round trip)
// that is five or six round trips in a row before /login or /main can render. Groups, each with the
// modules it imports (a higher priority claims a module first):
// - everything the entry imports statically stays in the entry (as before, the first-page figure),
//   except react-router and i18next, each a chunk the entry imports: index.html names them beside
//   the entry, so the three arrive in parallel instead of one 75 KB file last (ADR 053);
// - `boot`: what main.tsx loads beside the configuration on every page (the session, the tab sync),
//   plus the few small modules both the sign-in page and the layout use, so that neither of those
//   two chunks has to load the other (routes/submission.ts too: the catalogue and the lesson used
//   it, and with it loaded the sign-in chunk and its react-hook-form, 15 KB gzip, ADR 043; and
//   i18n/collect.ts, 150 bytes that the language chunks share, a request of its own before ADR 053);
// - one chunk each for the layout (with the session's timeout box, which every signed-in page loads
//   as it first renders: ADR 053), the sign-in page, the catalogue and the lesson, with what they
//   alone import. Other pages keep the automatic split.
const routeModule = (feature: string) => new RegExp(`src[\\/]routes[\\/]${feature}[\\/]${feature}\\.route\\.tsx$`);
const firstPageChunks = {
  groups: [
    { name: 'router', test: /node_modules[\\/]react-router[\\/]/, priority: 30 },
    { name: 'i18n', test: /node_modules[\\/](i18next|react-i18next)[\\/]/, priority: 30 },
    { name: 'initial', tags: ['$initial' as const], priority: 20 },
    
    {
      name: 'boot',
      priority: 10,
      test: /src[\\/](routes[\\/]session[\\/](session\.actor|session-provider|tab-sync)|routes[\\/]submission\.ts$|i18n[\\/]collect\.ts$|ui[\\/](primitives[\\/]button|form[\\/](text-field|form\.css)|layout[\\/](nav-anchor|logo-mark))|machines[\\/]shared[\\/]submission-error|api[\\/](two-factor\.api|schemas[\\/]two-factor\.(schema|routes)))/,
    },
    { name: 'layout', priority: 8, test: /src[\\/](routes[\\/]layout[\\/]layout\.route\.tsx|ui[\\/]dialogs[\\/]session-timeout-dialog\.tsx)$/ },
    { name: 'sign-in', priority: 6, test: routeModule('sign-in') },
    // What the catalogue shares with the course page and the lesson (the course's API and texts,
    // the paged list): its own chunk, so that opening a lesson does not load and run the
    // catalogue's page, its list machines and the materials' and news' calls with it (ADR 066).
    {
      name: 'course-shared',
      priority: 5,
      test: /src[\\/](api[\\/](courses\.api|pending-writes|schemas[\\/]courses\.(schema|routes))|routes[\\/](page-namespace|courses[\\/]courses-namespace|paged-list\.actor|use-paged-list)|machines[\\/]paged-list[\\/]|ui[\\/]courses[\\/](format|courses\.css))/,
    },
    { name: 'courses', priority: 4, test: routeModule('courses') },
    { name: 'lesson', priority: 3, test: routeModule('lesson') },
    // The learning pages' texts: one chunk per language instead of six (ADR 043).
    ...(['en', 'zh', 'cn'] as const).map((lang) => ({ name: `learning-${lang}`, priority: 2, test: (id: string) => LEARNING_TEXTS.exec(id)?.[1] === lang })),
  ],
};

export default defineConfig(({ command }) => ({
  resolve: { alias: command === 'build' && !process.env.STORYBOOK && !process.env.VITEST ? preactAliases : [] },
  // precompress: brotli and gzip of every built text file, sent by the server as they are (ADR 015).
  // stripContractDocs: the browser build leaves out the contracts' OpenAPI texts (ADR 008, 018).
  // inlineEntryCss: the entry's stylesheet is written into index.html, not linked (ADR 035).
  // routeHints: the first pages' chunks, for the server to name in their HTML (ADR 043).
  plugins: [stripContractDocsPlugin(), react(), inlineEntryCss(), routeHintsPlugin(), precompress()],
  server: { port: 5173, proxy: { '/api': apiTarget } },
  // No data: URLs for assets: the CSP allows fonts only from 'self'.
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 500,
    assetsInlineLimit: 0,
    // The entry lists every lazy chunk and stylesheet by name for its preloads (about 100 names):
    // short names ("c-<hash>.js", "s-<hash>.css") keep 0.7 KB gzip off the first page (ADR 008). The
    // language catalogues keep theirs (en-<hash>.js: the bench finds the default one by it).
    rollupOptions: {
      output: {
        chunkFileNames: (chunk) => (/^(en|cn|zh)$/.test(chunk.name) ? 'assets/[name]-[hash].js' : 'assets/c-[hash].js'),
        assetFileNames: (asset) => ((asset.names[0] ?? '').endsWith('.css') ? 'assets/s-[hash][extname]' : 'assets/[name]-[hash][extname]'),
        codeSplitting: firstPageChunks,
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
