import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

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
          patterns: [
            'react',
            'react-*',
            '@chakra-ui/*',
            'dexie',
            'dexie-*',
            'pocketbase',
            '../lib/*',
            '../features/*',
          ],
        },
      ],
    },
  },
  {
    // The outbox runs in pages and in the service worker: no React, no screens.
    files: ['src/offline/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            'react',
            'react-*',
            '@chakra-ui/*',
            '**/components/*',
            '**/features/*',
            '**/app/*',
          ],
        },
      ],
    },
  },
  {
    // Features never import each other; shared code lives in domain, lib, components and config.
    files: ['src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['../../features/*', '../../app/*'] }],
    },
  },
  {
    files: ['scripts/**/*.mjs', '*.js'],
    extends: [js.configs.recommended],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['pb_hooks/**/*.js', 'pocketbase/**/*.js'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: {
        ...globals.es2021,
        __hooks: 'readonly',
        $app: 'readonly',
        $apis: 'readonly',
        $os: 'readonly',
        $security: 'readonly',
        routerAdd: 'readonly',
        routerUse: 'readonly',
        cronAdd: 'readonly',
        migrate: 'readonly',
        onRecordCreateRequest: 'readonly',
        onRecordAfterCreateSuccess: 'readonly',
        onBootstrap: 'readonly',
        onRecordCreate: 'readonly',
        onRecordDelete: 'readonly',
        onRecordUpdate: 'readonly',
        onRecordValidate: 'readonly',
        Collection: 'readonly',
        NumberField: 'readonly',
        DateField: 'readonly',
        FileField: 'readonly',
        BoolField: 'readonly',
        onRecordAuthRequest: 'readonly',
        onRecordRequestEmailChangeRequest: 'readonly',
        onRecordConfirmEmailChangeRequest: 'readonly',
        RelationField: 'readonly',
        TextField: 'readonly',
        Record: 'readonly',
        MailerMessage: 'readonly',
        DynamicModel: 'readonly',
        arrayOf: 'readonly',
        BadRequestError: 'readonly',
        NotFoundError: 'readonly',
        Middleware: 'readonly',
        ApiError: 'readonly',
        $dbx: 'readonly',
        onRecordUpdateRequest: 'readonly',
        onRecordAfterUpdateSuccess: 'readonly',
        onServe: 'readonly',
        require: 'readonly',
        module: 'writable',
        console: 'readonly',
        sleep: 'readonly',
        toString: 'readonly',
        ValidationError: 'readonly',
        TooManyRequestsError: 'readonly',
        ForbiddenError: 'readonly',
      },
    },
    extends: [js.configs.recommended],
    rules: { 'no-unused-vars': ['error', { caughtErrors: 'none' }] },
  },
);
