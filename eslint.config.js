// ESLint flat config: TypeScript rules everywhere, and the platform line enforced for src/core.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

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
  {
    files: ['src/core/**/*.ts'],
    rules: {
      'no-console': 'error',
      'no-restricted-imports': ['error', { patterns: ['node:*', '../adapters/*', '../../adapters/*', '../cli/*'] }],
      'no-restricted-globals': ['error', 'window', 'document', 'process', 'indexedDB', 'navigator', 'localStorage'],
    },
  },
);
