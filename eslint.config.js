import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// A module reaches another only through that module's index.ts, its public surface.
const crossModule = {
  regex: '^\\.\\./[a-z][\\w-]*/(?!index\\.ts$)',
  message: 'Import another module only through its index.ts (../<module>/index.ts).',
};
const dbOnlyInQueries = { name: 'drizzle-orm', message: 'Only *.queries.ts talks to the database.' };

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
    rules: { 'no-restricted-imports': ['error', { paths: [dbOnlyInQueries], patterns: [crossModule] }] },
  },
  {
    files: ['apps/server/src/modules/**/*.queries.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [crossModule] }] },
  },
  {
    // The composition root and the demo seed wire every module in, through each one's index.ts.
    files: ['apps/server/src/modules/*.ts', 'apps/server/src/seed/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(\\./|\\.\\./modules/)[a-z][\\w-]*/(?!index\\.ts$)', message: 'Wire a module in through its index.ts.' }] },
      ],
    },
  },
);
