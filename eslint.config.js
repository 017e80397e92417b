import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';
import globals from 'globals';
import fs from 'node:fs';
import path from 'node:path';

/** The server's feature folders: each may import its own repositories, never another's. */
const serverFeatures = fs
  .readdirSync(path.join(import.meta.dirname, 'server/src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Tests and their helpers may reach any layer and write rows directly. */
const serverTestFiles = ['server/src/**/*.test.ts', 'server/src/**/*.test-support.ts', 'server/src/**/*.api-fixture.ts'];

/**
 * Imports run down the layers (docs/architecture.md "Map"): routes → services → policies/repos →
 * platform; a feature uses another feature's service, never its repository; platform imports no
 * feature, no http and no permissions; a repository imports no service, route, policy, presenter or http.
 */
const layerZones = [
  {
    target: 'server/src/platform/**',
    from: ['server/src/features/**', 'server/src/http/**', 'server/src/permissions/**', 'server/src/{app,main}.ts'],
    message: 'platform is the lowest layer: it imports no feature, http or permissions module.',
  },
  {
    target: 'server/src/**/*.repo.ts',
    from: ['server/src/**/*.service.ts', 'server/src/**/*.routes.ts', 'server/src/**/*.policy.ts', 'server/src/**/*.present.ts', 'server/src/http/**'],
    message: 'A repository runs statements; it imports no service, route, policy, presenter or http module.',
  },
  {
    target: 'server/src/{http,permissions}/**',
    from: ['server/src/features/**/*.repo.ts'],
    message: "http and permissions use a feature's service, never its repository.",
  },
  ...serverFeatures.map((feature) => ({
    target: `server/src/features/${feature}/**`,
    from: ['server/src/features/*/*.repo.ts'],
    // import-x matches `except` globs against absolute paths without resolving them.
    except: [path.join(import.meta.dirname, `server/src/features/${feature}/*.repo.ts`)],
    message: "A feature uses another feature's service, never its repository (shared joins live in platform/db).",
  })),
];

/**
 * Files exempt from the layer rule: only one, PERMANENT: a landed migration is never edited
 * (docs/conventions.md), so 0013 keeps its import of the users feature's name normalizer.
 * Add none: a feature calls another feature's service, and a join or counter statement that
 * several features share lives in platform/db (user-fragment.ts, post-counters.ts).
 */
const layerExceptions = [
  'server/src/platform/db/migrations/0013_add_users_name_key.ts', // permanent: append-only migration
];

/** Files allowed to run statements outside repositories: none (add none; move the statement). */
const statementExceptions = [];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'coverage/**', 'e2e/screenshots/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: {
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver()] },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-floating-promises': [
        'error',
        {
          allowForKnownSafeCalls: [
            { from: 'package', package: 'node:test', name: ['test', 'describe', 'it', 'suite', 'before', 'after', 'beforeEach', 'afterEach'] },
          ],
        },
      ],
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import-x/no-cycle': ['error', { maxDepth: 10 }],
    },
  },
  {
    files: ['web/**/*.tsx', 'web/**/*.ts'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.configs.recommended.rules,
    },
  },
  {
    files: ['server/src/**/*.ts'],
    ignores: [...serverTestFiles, ...layerExceptions],
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: layerZones }],
    },
  },
  {
    // Kysely statements and `sql` only in `*.repo.ts` and platform/db (types may be imported anywhere).
    files: ['server/src/**/*.ts'],
    ignores: [
      'server/src/**/*.repo.ts',
      'server/src/platform/db/**',
      ...serverTestFiles,
      ...statementExceptions,
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'kysely',
              allowTypeImports: true,
              message: 'Statements live in *.repo.ts (or server/src/platform/db); import only types of kysely here.',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|mergeInto|replaceInto|selectNoFrom)$/]',
          message: 'Statements live in *.repo.ts (or server/src/platform/db): call a repository function.',
        },
      ],
    },
  },
  {
    files: ['**/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
);
