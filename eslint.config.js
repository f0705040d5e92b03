import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { fronteiras } from './tools/eslint-fronteiras.js';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'test-results/**', 'playwright-report/**', 'apps/api/drizzle/**', 'data/**', 'bench/out/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { process: 'readonly', console: 'readonly', Buffer: 'readonly', URL: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', setInterval: 'readonly', fetch: 'readonly', AbortSignal: 'readonly' },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // Module boundaries (docs/decisions/022-fronteiras-entre-modulos.md).
    files: ['apps/web/src/features/**/*.{ts,tsx}', 'apps/api/src/modules/**/*.ts'],
    plugins: { fronteiras },
    rules: { 'fronteiras/modulos': 'error' },
  },
  {
    files: ['**/*.mjs', 'e2e/**', 'bench/**', 'tools/**'],
    languageOptions: { globals: { window: 'readonly', document: 'readonly', performance: 'readonly' } },
  },
);
