import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// DESIGN §2 boundaries, enforced here rather than by hope.
const restrict = (patterns) => ['error', { patterns }];
// Classic zod cannot be tree-shaken: imported anywhere in src/ it costs the first page ~25 KB gzip
// (docs/decisions/007). Part of every src/ rule below, since a later rule replaces an earlier one.
const noClassicZod = { regex: '^zod(/v3|/v4|/v4/classic(/.*)?)?$', message: "Use 'zod/mini' in src/ (classic zod is not tree-shakeable)." };

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
    rules: { 'no-restricted-imports': restrict([noClassicZod]) },
  },
  {
    files: ['src/api/schemas/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': restrict([
        noClassicZod,
        { regex: '^(?!zod/mini$|\\.\\.?/|\\.\\./\\.\\./config/).*', message: 'Schemas import zod/mini (and src/config) only.' },
        { group: ['**/machines/**', '**/ui/**', '**/routes/**', '**/i18n/**', 'ky', 'react', 'hono', '@hono/*', 'drizzle-orm', 'drizzle-orm/*'], message: 'Schemas import zod/mini only.' },
      ]),
    },
  },
  {
    files: ['src/machines/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict([
        noClassicZod,
        { group: ['react', 'react-dom', 'react/*', 'ky', '@xstate/react', '**/ui/**', '**/routes/**', '**/api/http', '**/api/*.api'], message: 'Machines import xstate and schema types only (DESIGN §2).' },
      ]),
      'no-restricted-globals': ['error', 'localStorage', 'sessionStorage', 'document', 'window', 'fetch'],
    },
  },
  {
    files: ['src/ui/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': restrict([
        noClassicZod,
        { group: ['ky', '**/api/http', '**/api/*.api', '**/routes/**'], message: 'Views get data and callbacks through props; they never call the API.' },
      ]),
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict([
        { group: ['**/src/ui/**', '**/src/routes/**', '**/src/machines/**', '**/src/i18n/**', '**/src/api/http', '**/src/api/*.api', 'react', 'ky'], message: 'server/ imports only src/api/schemas and src/config from src/.' },
      ]),
    },
  },
);
