import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The layers (DESIGN "Style to follow"): shared is the ground floor; client and server never import each other. */
export const LAYERS = [
  { type: 'shared', pattern: 'src/shared' },
  { type: 'client', pattern: 'src/client' },
  // Below the HTTP layer: extraction and media raise ApiError (src/server/errors) but never import http/.
  { type: 'server-core', pattern: 'src/server/{extract,media,errors}' },
  { type: 'server-http', pattern: 'src/server/http' },
  { type: 'server', pattern: 'src/server' },
  { type: 'test', pattern: 'test' },
  { type: 'scripts', pattern: 'scripts' },
  { type: 'bench', pattern: 'bench' },
];

const forbid = (from, to) => ({ from: { element: { type: from } }, disallow: { to: { element: { types: { anyOf: to } } } } });

export default tseslint.config(
  { ignores: ['build/**', 'dist/**', '.react-router/**', 'node_modules/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-empty': ['error', { allowEmptyCatch: false }],
    },
  },
  {
    // Product code only: tests beside the code may use the test rigs in test/.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    plugins: { boundaries },
    settings: { 'boundaries/elements': LAYERS, 'boundaries/include': ['src/**/*', 'test/**/*', 'scripts/**/*', 'bench/**/*'] },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          policies: [
            forbid('shared', ['client', 'server', 'test', 'scripts', 'bench']),
            forbid('client', ['server', 'test', 'scripts', 'bench']),
            forbid('server', ['client', 'test', 'scripts', 'bench']),
            forbid('server-http', ['client', 'test', 'scripts', 'bench']),
            forbid('server-core', ['server-http', 'client', 'test', 'scripts', 'bench']),
          ],
        },
      ],
    },
  },
);
