import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The editor's drawing layers: React, Konva, `src/react` and the element kinds' views and panels. */
const EDITOR_LAYERS = [
  'react',
  'react-dom',
  'react-konva',
  'konva',
  '*/react/*',
  '**/views',
  '**/view',
  '**/panel',
];

/** Rules refusing any import that matches one of `group`'s gitignore-style patterns. */
function forbidImports(group, message) {
  return { 'no-restricted-imports': ['error', { patterns: [{ group, message }] }] };
}

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/coverage/**',
      '**/node_modules/**',
      '**/storybook-static/**',
      // TypeDoc's generated reference (npm run docs -w @esign/template-editor).
      '**/docs-api/**',
      'data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // Indexes are checked where they come from; noUncheckedIndexedAccess makes `!` the honest marker.
      '@typescript-eslint/no-non-null-assertion': 'off',
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='only']",
          message: 'Focused tests skip the rest of the suite.',
        },
      ],
    },
  },
  {
    // The headless core must stay importable in plain Node and on the server.
    files: [
      'packages/template-editor/src/core/**/*.ts',
      'packages/template-editor/src/elements/*/model.ts',
    ],
    rules: forbidImports(
      [...EDITOR_LAYERS, 'pdf-lib', 'pdfjs-dist', '*/pdf/*', '**/pdf'],
      'core must not import React, Konva, PDF libraries, the DOM layers or the element kinds’ views, panels and PDF writers.',
    ),
  },
  {
    // PDF in and out runs on the server too; the element kinds' PDF writers are part of it.
    files: [
      'packages/template-editor/src/pdf/**/*.ts',
      'packages/template-editor/src/elements/*/pdf.ts',
    ],
    rules: forbidImports(
      EDITOR_LAYERS,
      'pdf must not import React, Konva, the editor or the element kinds’ views and panels.',
    ),
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // Browser benchmarks run part of their code inside the page.
    files: ['**/bench/browser.mjs'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
);
