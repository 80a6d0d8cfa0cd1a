import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['tests/**/*.test.ts'],
    // tests/ui runs under vitest.ui.config.ts (Svelte plugin, jsdom); tests/e2e under tests/e2e/run.ts.
    exclude: ['tests/e2e/**', 'tests/ui/**', 'node_modules/**'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
