import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const domainRule = {
  group: ['../*/*.queries*', '../*/*.routes*', '../../modules/*/*.queries*'],
  message: 'A module calls another domain only through its exported service functions (CONVENTIONS 1–2).',
};

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'apps/server/src/db/migrations/**', 'test-results/**', 'bench/results/**', '.bench-data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
    },
  },
  {
    files: ['packages/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['**/apps/**', '@wfsaas/server', '@wfsaas/web'], message: 'packages never import apps' }] }] },
  },
  {
    files: ['apps/server/src/platform/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['**/modules/**'], message: 'platform never imports a module' }] }] },
  },
  {
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.queries.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'drizzle-orm', message: 'Only *.queries.ts talks to the database (CONVENTIONS 5).' }], patterns: [domainRule] },
      ],
    },
  },
  {
    files: ['apps/server/src/modules/**/*.queries.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [domainRule] }] },
  },
);
