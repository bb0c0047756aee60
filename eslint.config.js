import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { readdirSync } from 'node:fs';

/**
 * The layers of src/, each importing only from those below it:
 * domain < config < lib < hooks < offline < components < forms < features < app.
 * domain is pure; offline runs in the service worker too (no React); a feature never imports
 * another feature (what two share moves down a layer). docs/architecture.md says what each holds.
 */
function layers() {
  const ORDER = [
    'domain',
    'config',
    'lib',
    'hooks',
    'offline',
    'components',
    'forms',
    'features',
    'app',
  ];
  const above = (layer) => ORDER.slice(ORDER.indexOf(layer) + 1);
  const blocks = ORDER.filter((layer) => layer !== 'app').map((layer) => ({
    files: [`src/${layer}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...above(layer).map((upper) => ({
              regex: `^(\\.\\./)+${upper}(/|$)`,
              message: `src/${layer} sits below src/${upper}: move the shared part down instead.`,
            })),
            ...(layer === 'domain' || layer === 'offline'
              ? [
                  {
                    group: ['react', 'react-*', '@chakra-ui/*'],
                    message: `src/${layer} has no UI.`,
                  },
                ]
              : []),
            ...(layer === 'domain'
              ? [{ group: ['dexie', 'dexie-*', 'pocketbase'], message: 'src/domain is pure.' }]
              : []),
          ],
        },
      ],
    },
  }));
  const features = readdirSync('src/features', { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
  for (const feature of features) {
    const others = features.filter((f) => f !== feature);
    blocks.push({
      files: [`src/features/${feature}/**/*.{ts,tsx}`],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              { regex: '^(\\.\\./)+app(/|$)', message: 'src/app sits above the features.' },
              {
                regex: `^(\\.\\./)+(features/)?(${others.join('|')})(/|$)`,
                message: 'Features never import each other: move the shared part down a layer.',
              },
            ],
          },
        ],
      },
    });
  }
  return blocks;
}

/** What the pure halves (the domain, the server) never import: screens, the device's storage, the client. */
const UI_AND_STORAGE = ['react', 'react-*', '@chakra-ui/*', 'dexie', 'dexie-*', 'pocketbase'];

export default tseslint.config(
  {
    ignores: [
      'dist',
      'node_modules',
      '**/pb_data/**',
      'test-results',
      'playwright-report',
      'dev-dist',
      'pb_hooks/lib/generated/**',
      'server/pocketbase.d.ts',
      '.tmp/**',
      'mail/**',
    ],
  },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    languageOptions: { ecmaVersion: 2023, globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // The domain stays pure: no React, no storage, no server client.
    files: ['src/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [...UI_AND_STORAGE, '../lib/*', '../features/*'],
        },
      ],
    },
  },
  ...layers(),
  {
    // The server shares the domain with the app and nothing else of it.
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [...UI_AND_STORAGE, '../src/*', '!../src/domain'],
        },
      ],
      // PocketBase leaves each hook's app (a finished transaction's, after a save in one) in a
      // VM's `$app`: code works on its event's `e.app`, and jobs on rootApp().
      'no-restricted-globals': [
        'error',
        {
          name: '$app',
          message: "Use the event's e.app, or rootApp() in a job (server/core/config.ts).",
        },
      ],
    },
  },
  {
    // The one reader of `$app`, which knows what it may hold.
    files: ['server/core/config.ts'],
    rules: { 'no-restricted-globals': 'off' },
  },
  {
    files: ['scripts/**/*.mjs', '*.js'],
    extends: [js.configs.recommended],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // PocketBase's JS files (hooks and migrations): their globals come from server/pocketbase.d.ts,
    // checked by tsc (tsconfig.server.json), not listed here.
    files: ['pb_hooks/**/*.js', 'pocketbase/**/*.js'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.es2021 } },
    extends: [js.configs.recommended],
    rules: {
      'no-undef': 'off',
      'no-unused-vars': ['error', { caughtErrors: 'none' }],
    },
  },
  {
    // A hook holds a registration and one call into the typed server; the logic is in server/.
    files: ['pb_hooks/**/*.js'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.name='require']:not([arguments.0.quasis.1.value.raw='/lib/generated/server.cjs'])",
          message: 'Hooks require only the server bundle: `${__hooks}/lib/generated/server.cjs`.',
        },
      ],
    },
  },
);
