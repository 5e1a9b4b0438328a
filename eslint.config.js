import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import boundaries from 'eslint-plugin-boundaries';
import globals from 'globals';

// Classic zod cannot be tree-shaken: imported anywhere in src/ it costs the first page ~25 KB gzip
// (docs/decisions/007).
const noClassicZod = { regex: '^zod(/v3|/v4|/v4/classic(/.*)?)?$', message: "Use 'zod/mini' in src/ (classic zod is not tree-shakeable)." };

// DESIGN §2 boundaries as ALLOWLISTS (ADR 023), checked by eslint-plugin-boundaries: every file of
// src/ and server/ belongs to one layer, and each layer lists what it may import — its own layer,
// the layers below, the packages it needs. Anything not listed is an error. The first pattern that
// matches a file decides its layer. Runtime import cycles are caught by tests/unit/import-cycles.test.ts.
const layers = [
  // The data contract: zod/mini schemas and the route declarations, shared by browser and server.
  { type: 'contract', pattern: 'src/api/schemas/**', mode: 'file' },
  { type: 'contract', pattern: 'src/api/route-contract.ts', mode: 'file' },
  // Browser platform: storage, the attachment-crypto worker, BroadcastChannel.
  { type: 'platform', pattern: 'src/platform/**', mode: 'file' },
  { type: 'api', pattern: 'src/api/**', mode: 'file' },
  { type: 'machines', pattern: 'src/machines/**', mode: 'file' },
  { type: 'ui', pattern: 'src/ui/**', mode: 'file' },
  { type: 'routes', pattern: 'src/routes/**', mode: 'file' },
  { type: 'i18n', pattern: 'src/i18n/**', mode: 'file' },
  { type: 'config', pattern: 'src/config/**', mode: 'file' },
  { type: 'entry', pattern: 'src/{main.tsx,boot.ts}', mode: 'file' },
  { type: 'server', pattern: 'server/**', mode: 'file' },
];
// Tests, stories and their helpers may also use the test tools, sample data and test helpers of any layer.
const fileKinds = [
  { category: 'test', pattern: ['**/*.test.{ts,tsx}', '**/*.stories.tsx', '**/*-story-states.ts', '**/testing/**', 'src/api/test-helpers.ts', 'server/test-support.ts'] },
  { category: 'sample', pattern: ['**/*.fixtures.ts', 'src/ui/**/samples.ts', '**/*-story-states.ts'] },
  { category: 'test-helper', pattern: ['**/testing/**', 'src/api/test-helpers.ts', 'server/test-support.ts'] },
];

const layer = (type) => ({ element: { type } });
const packages = (...source) => ({ module: { origin: 'external', source } });
const nodeCore = { module: { origin: 'core' } };
/** `from` may import (value or type) each of `to`. */
const may = (from, ...to) => ({ from: layer(from), allow: { to } });
/** `from` may import only types from each of `to` (`import type`, erased at build). */
const mayType = (from, ...to) => ({ from: layer(from), allow: { to, dependency: { kind: 'type' } } });
const testTools = packages('vitest', '@testing-library/*', 'storybook', '@storybook/*', 'jsdom');

const policies = [
  may('contract', layer('contract'), layer('config'), packages('zod')),
  may('config', layer('config')),
  mayType('config', layer('contract')),
  may('i18n', layer('i18n'), layer('config'), packages('i18next', 'react-i18next')),
  may('platform', layer('platform'), layer('contract'), layer('config'), packages('zod', 'jwt-decode', 'scorm-again', 'qrcode')),
  may('api', layer('api'), layer('contract'), layer('platform'), layer('config'), layer('i18n'), packages('ky', 'jwt-decode', 'zod')),
  // Machines: xstate, config, other machines (machines/shared), and schema TYPES only.
  may('machines', layer('machines'), layer('config'), packages('xstate')),
  mayType('machines', layer('contract')),
  // Views: props in, callbacks out; never the API or browser storage. From machines they read
  // selectors (pure snapshot -> view model) and types.
  may('ui', layer('ui'), layer('contract'), layer('config'), layer('i18n'), packages('react', 'react-dom', 'react-i18next', 'i18next', 'radix-ui', 'react-hook-form', '@hookform/resolvers', 'react-router-dom', 'hls.js', 'pdfjs-dist', 'react-pdf', 'mammoth', 'dompurify', 'read-excel-file', 'read-excel-file/*', 'zod')),
  { from: layer('ui'), allow: { to: { element: { type: 'machines' }, file: { path: ['**/*.selectors.ts'] } } } },
  // …and the yield to the browser: a view that draws its rows a few per task says when it yields
  // (course-grid.tsx, ADR 069, 082), not the renderer's effect timing. No I/O, no storage.
  { from: layer('ui'), allow: { to: { element: { type: 'platform' }, file: { path: ['**/platform/yield-to-browser.ts'] } } } },
  mayType('ui', layer('machines')),
  // Routes wire machines to real I/O: the one layer that sees everything of the browser.
  may('routes', layer('routes'), layer('machines'), layer('ui'), layer('api'), layer('contract'), layer('platform'), layer('config'), layer('i18n'), packages('react', 'react-dom', 'react-router-dom', 'xstate', '@xstate/react', 'react-i18next', 'i18next')),
  may('entry', layer('entry'), layer('routes'), layer('ui'), layer('api'), layer('contract'), layer('platform'), layer('config'), layer('i18n'), packages('react', 'react-dom', 'react-router-dom', 'i18next')),
  // The server imports nothing from src/ but the contract and config.
  may('server', layer('server'), layer('contract'), layer('config'), nodeCore, packages('hono', '@hono/*', 'drizzle-orm', '@electric-sql/pglite', 'postgres', 'jose', '@node-rs/argon2', 'otplib', 'qrcode', 'nodemailer', 'sharp', 'pdfkit', 'fontkit', 'zod')),
  // Tests and stories: the test tools, Node's modules, sample data of any layer, and the machines
  // they drive (stories build view models from real machine snapshots).
  { from: { file: { categories: 'test' } }, allow: { to: [testTools, nodeCore, { file: { categories: ['sample', 'test-helper'] } }, layer('entry')] } },
  // …and files outside the layers: build/ helpers, media fixtures imported as `./x.mp4?url`.
  { from: { file: { categories: 'test' } }, allow: { to: { module: { origin: 'local' }, element: { isUnknown: true } } } },
  { from: { file: { categories: 'sample' } }, allow: { to: { file: { categories: 'sample' } } } },
  { from: [{ element: { type: 'ui' }, file: { categories: 'test' } }], allow: { to: [layer('machines'), packages('xstate')] } },
  { from: [{ element: { type: 'machines' }, file: { categories: 'test' } }], allow: { to: layer('contract') } },
  // Mermaid draws the state diagrams in Storybook only, from src/ui/testing/ (ADR 095).
  { from: [{ element: { type: 'ui' }, file: { categories: 'test-helper' } }], allow: { to: packages('mermaid') } },
  // A real SMTP server, and a throwaway TLS certificate (ADR 053), for the server's tests.
  { from: [{ element: { type: 'server' }, file: { categories: 'test' } }], allow: { to: packages('smtp-server', 'selfsigned') } },
  // Reading back the text of a PDF the server made (ADR 085): pdfjs's legacy build, in server tests.
  { from: [{ element: { type: 'server' }, file: { categories: ['test', 'test-helper'] } }], allow: { to: packages('pdfjs-dist', 'pdfjs-dist/*') } },
];

export default tseslint.config(
  { ignores: ['dist', 'storybook-static', 'node_modules', 'data', 'server/db/migrations', 'test-results', 'playwright-report', 'reports'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noClassicZod] }] },
  },
  {
    files: ['src/machines/**/*.ts'],
    rules: { 'no-restricted-globals': ['error', 'localStorage', 'sessionStorage', 'document', 'window', 'fetch'] },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] } },
      'boundaries/dependency-nodes': ['import', 'export', 'dynamic-import'],
      'boundaries/elements': layers,
      'boundaries/files': fileKinds,
      // `mode: 'file'` (each file is matched by its full path) is the form that classifies single files
      // such as src/api/route-contract.ts; the plugin calls it deprecated in favour of partialMatch,
      // which did not match them in 7.2. Revisit on the next major.
      'boundaries/legacy-warnings': false,
    },
    rules: { 'boundaries/dependencies': ['error', { default: 'disallow', checkAllOrigins: true, checkUnknownLocals: true, policies }] },
  },
);
