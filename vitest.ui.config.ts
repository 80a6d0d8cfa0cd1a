// Component tests of the browser app (tests/ui): Svelte compiled by its Vite plugin, browser
// builds of Svelte, jsdom, automatic cleanup. The lead's vitest.config.ts runs everything else.
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { svelteTesting } from '@testing-library/svelte/vite';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [svelte(), svelteTesting()],
  test: {
    include: ['tests/ui/**/*.test.ts'],
    environment: 'jsdom',
    testTimeout: 60_000,
    pool: 'forks',
  },
});
