import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Web unit tests (jsdom). common/ tests run under node:test (npm run test:unit).
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  css: {
    modules: { localsConvention: 'camelCaseOnly' },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['web/src/**/*.test.{ts,tsx}'],
    setupFiles: ['web/src/test/setup.ts'],
    css: { modules: { classNameStrategy: 'non-scoped' } },
    restoreMocks: true,
    // Ceilings, not speed checks: a loaded 2-core CI machine transforms a lazy module in seconds,
    // and a test's findBy waits (up to 8 s) must fit inside its own timeout.
    testTimeout: 20_000,
    hookTimeout: 120_000,
  },
});
