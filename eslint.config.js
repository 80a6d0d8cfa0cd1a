// ESLint flat config: TypeScript rules everywhere, and the platform line enforced for src/core.
import js from '@eslint/js';
import svelte from 'eslint-plugin-svelte';
import tseslint from 'typescript-eslint';
import svelteConfig from './svelte.config.js';

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'coverage/', 'bench/results.json'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  ...svelte.configs.recommended,
  {
    // Svelte components and runes modules: TypeScript inside, checked for types by svelte-check.
    files: ['**/*.svelte', '**/*.svelte.ts'],
    languageOptions: { parserOptions: { parser: tseslint.parser, extraFileExtensions: ['.svelte'], svelteConfig } },
    rules: { 'no-undef': 'off' },
  },
  {
    // Document and answer text is rendered as text: no `{@html}` anywhere
    // (docs/reliability.md OUT-06).
    files: ['**/*.svelte'],
    rules: { 'svelte/no-at-html-tags': 'error' },
  },
  {
    // The one component that may render sanitised HTML, should Markdown rendering ever be added.
    files: ['src/ui/components/SafeHtml.svelte'],
    rules: { 'svelte/no-at-html-tags': 'off' },
  },
  {
    files: ['src/core/**/*.ts'],
    rules: {
      'no-console': 'error',
      'no-restricted-imports': ['error', { patterns: ['node:*', '../adapters/*', '../../adapters/*', '../cli/*'] }],
      'no-restricted-globals': ['error', 'window', 'document', 'process', 'indexedDB', 'navigator', 'localStorage'],
    },
  },
);
