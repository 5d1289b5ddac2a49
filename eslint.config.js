import fs from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import prettier from 'eslint-config-prettier';

const sideZones = [
  { target: './src/server', from: './src/web', message: 'The server does not import the web app.' },
  { target: './src/web', from: './src/server', message: 'The web app reaches the server through the API only.' },
  { target: './src/contract', from: ['./src/server', './src/web'], message: 'The contract imports neither side.' },
];

// A web feature offers others only what its index.ts exports; its pages are reached through the
// router, and everything else in its folder (components, hooks, styles, admin/ and portal/
// screens) is its own. The shell around the features (layout/, ui/, lib/) uses the same doors.
const features = fs.readdirSync('src/web/features', { withFileTypes: true }).filter((e) => e.isDirectory());
const publicDoors = features.map((f) => `./${f.name}/index.ts`);
const featureZones = [
  ...features.map((f) => ({
    target: `./src/web/features/${f.name}`,
    from: './src/web/features',
    except: [`./${f.name}`, ...publicDoors],
    message: `Import another feature through its index.ts only.`,
  })),
  {
    target: ['./src/web/layout', './src/web/ui', './src/web/lib'],
    from: './src/web/features',
    except: publicDoors,
    message: 'Import a feature through its index.ts only.',
  },
];

// The server's modules, each importing only those before it in this list, so no two of them lean on
// each other, even through a third. A new module takes its place here (the config refuses to load
// without it).
const serverLayers = [
  'auth',
  'members',
  'notifications',
  'content',
  'live',
  'support',
  'messages',
  'places',
  'admin',
  'catalogue',
  'wallet',
  'bookings',
  'providers',
  'favorites',
  'seo',
];
const serverModules = fs
  .readdirSync('src/server/modules', { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name);
const unplaced = serverModules.filter((name) => !serverLayers.includes(name));
if (unplaced.length) throw new Error(`eslint.config.js: place ${unplaced.join(', ')} in serverLayers`);
const serverModuleZones = serverLayers.slice(0, -1).map((name, i) => ({
  target: `./src/server/modules/${name}`,
  from: serverLayers.slice(i + 1).map((later) => `./src/server/modules/${later}`),
  message: `${name} imports only the server modules listed before it in serverLayers (eslint.config.js).`,
}));

export default tseslint.config(
  {
    ignores: [
      'dist',
      '.build',
      'node_modules',
      'data',
      '.e2e-data',
      'test-results',
      'playwright-report',
      'src/server/db/migrations',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    // Production code (server, contract and web) narrows what it assumes (a check that throws, a
    // default, one(rows)) rather than asserting it with `!`.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'src/server/test/**', 'src/web/test/**'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'error' },
  },
  {
    // The import graph: no cycles, and each side reaches the other only through the API. The
    // contract is shared by both, so it imports neither.
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver': undefined,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.json' })],
    },
    rules: {
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': ['error', { zones: [...sideZones, ...featureZones] }],
    },
  },
  {
    // The web app's production code stands without the component tests' harness, which holds the
    // server's app.
    files: ['src/web/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'src/web/test/**'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...sideZones,
            ...featureZones,
            { target: './src/web', from: './src/web/test', message: 'Production code does not import test helpers.' },
          ],
        },
      ],
    },
  },
  {
    // The component tests' harness (src/web/test/) runs the server's app in process on a database
    // filled by the server tests' factories: the one way into the server besides the API, and
    // only through the server's own test harness.
    files: ['src/web/test/**/*.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...sideZones.filter((zone) => zone.target !== './src/web'),
            {
              target: './src/web',
              from: './src/server',
              except: ['./test'],
              message: 'The web app reaches the server through the API only (its tests: through src/server/test).',
            },
          ],
        },
      ],
    },
  },
  {
    // Production server code stands without the tests: `dist/` ships no test helpers.
    files: ['src/server/**/*.ts'],
    ignores: ['**/*.test.ts', 'src/server/test/**'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...sideZones,
            ...serverModuleZones,
            {
              target: './src/server',
              from: './src/server/test',
              message: 'Production code does not import test helpers.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['scripts/**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
  },
  // Last: formatting is Prettier's job, so no lint rule argues with it.
  prettier,
);
