import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { precompress } from './build/precompress.ts';

const apiTarget = `http://127.0.0.1:${process.env.PORT ?? 8080}`;

export default defineConfig({
  // precompress: brotli and gzip of every built text file, sent by the server as they are (ADR 015).
  plugins: [react(), precompress()],
  server: { port: 5173, proxy: { '/api': apiTarget } },
  // No data: URLs for assets: the CSP allows fonts only from 'self'.
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 500, assetsInlineLimit: 0 },
  test: {
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
});
