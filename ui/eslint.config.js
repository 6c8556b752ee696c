import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import i18n from './scripts/eslint-i18n-plugin.mjs';

/**
 * The layers of src/ (ui/README.md, "Layout"): imports flow shared -> features -> app.
 * A feature may use the shared layers and its own files, never another feature; the shared
 * layers never reach up into a feature or the app.
 */
const SHARED = ['components', 'lib', 'stores', 'config', 'types', 'locales'];

/**
 * Folders (or files) whose user-visible texts all come from the catalogues (issue #36,
 * ui/README.md "Languages"): `i18n/no-literal-text` holds them to it. A feature folder adds
 * its line here once its texts are in src/locales/.
 */
const I18N_CHECKED = [
  'src/main.tsx',
  'src/app',
  'src/screens',
  'src/components',
  'src/lib',
  'src/stores',
  'src/config',
  'src/types',
  // Features, once converted:
  'src/features/profile',
  'src/features/feed',
  'src/features/browse',
  'src/features/external-jobs',
  'src/features/placements',
  'src/features/landing',
  'src/features/contact',
  'src/features/matches',
  'src/features/applications',
  'src/features/internships',
  'src/features/company',
  'src/features/employer',
  'src/features/guest',
  'src/features/marketing',
  'src/features/admin',
  'src/features/auth',
];

export default tseslint.config(
  { ignores: ['node_modules', 'dist', '../dist', 'test-results', 'playwright-report'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { ecmaVersion: 2022, globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Unused names are TypeScript's job (noUnusedLocals); `_name` marks one kept on purpose.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { typescript: { project: './tsconfig.app.json' } },
      'boundaries/elements': [
        { type: 'app', pattern: 'src/app' },
        { type: 'screens', pattern: 'src/screens' },
        { type: 'feature', pattern: 'src/features/*', capture: ['feature'] },
        ...SHARED.map((name) => ({ type: name, pattern: `src/${name}` })),
        { type: 'entry', pattern: 'src/*.{ts,tsx,css}' },
      ],
      'boundaries/legacy-templates': false,
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          policies: [
            // The shared layers use one another (lib uses types, components use lib...).
            { from: { element: { types: SHARED } }, allow: { to: { element: { types: SHARED } } } },
            // A feature: the shared layers, and its own files only.
            { from: { element: { type: 'feature' } }, allow: { to: { element: { types: SHARED } } } },
            {
              from: { element: { type: 'feature' } },
              allow: {
                to: { element: { type: 'feature', captured: { feature: '{{ from.element.captured.feature }}' } } },
              },
            },
            // The app composes everything; main.tsx starts the app, a first screen's entry
            // (src/screens/) starts it with its screen.
            { from: { element: { type: 'app' } }, allow: { to: { element: { types: ['app', 'feature', ...SHARED] } } } },
            { from: { element: { type: 'screens' } }, allow: { to: { element: { types: ['app', 'feature', ...SHARED] } } } },
            { from: { element: { type: 'entry' } }, allow: { to: { element: { types: ['app', 'entry', ...SHARED] } } } },
          ],
        },
      ],
    },
  },
  {
    files: I18N_CHECKED.map((path) => (/\.tsx?$/.test(path) ? path : `${path}/**/*.{ts,tsx}`)),
    // Unit tests' fixtures and expected texts never reach a user.
    ignores: ['**/*.test.{ts,tsx}'],
    plugins: { i18n },
    rules: { 'i18n/no-literal-text': 'error' },
  },
  {
    files: ['e2e/**/*.ts', '*.config.{js,ts}', 'scripts/**/*.mjs'],
    languageOptions: { globals: globals.node },
  },
  {
    // Specs take `test` from e2e/fixtures.ts: its pages wait after a load until the app runs.
    files: ['e2e/**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              importNames: ['test'],
              message: "Import `test` from './fixtures' (its pages wait until the app runs).",
            },
          ],
        },
      ],
    },
  },
);
