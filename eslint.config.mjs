// ESLint for every workspace: JavaScript's and typescript-eslint's recommended rules (syntax only, not the
// type-checked set, so that `npm run lint` stays fast on CI's two cores), the rules of hooks where React runs, and the
// import boundaries between the workspaces and between the site's features. Prettier owns the layout
// (eslint-config-prettier, last, turns off every rule it would fight with).
import fs from 'node:fs';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** The site's features, one folder each under web/src/features. */
const FEATURES = fs
  .readdirSync(new URL('./web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** A relative import that climbs (`../`, any number of times) into one of `folders`, optionally through `via/`. */
const climbingInto = (folders, via = '') => `^(\\.\\./)+${via}(${folders.join('|')})(/|$)`;

/**
 * Features never import each other (shared code lives in src/components, src/lib, src/config): one block per feature
 * forbids the others, by alias (`@/features/<other>`) and by relative path (`../../<other>`, `../../../features/...`).
 */
const featureBoundaries = FEATURES.map((feature) => {
  const others = FEATURES.filter((other) => other !== feature);
  return {
    files: [`web/src/features/${feature}/**`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^@/features/(${others.join('|')})(/|$)`,
              message: `Features do not import each other: move what ${feature} shares into src/components or src/lib.`,
            },
            {
              regex: climbingInto(others, '((src/)?features/)?'),
              message: `Features do not import each other: move what ${feature} shares into src/components or src/lib.`,
            },
          ],
        },
      ],
    },
  };
});

export default tseslint.config(
  {
    ignores: [
      '**/node_modules',
      '**/dist',
      '**/build',
      '**/coverage',
      '**/.strapi',
      '**/.cache',
      'cms/.tmp',
      'cms/public',
      'cms/types/generated',
      'bench/results',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    rules: {
      // A leading underscore marks what is left unused on purpose (a parameter a signature needs, a field taken out
      // of an object before the rest is passed on), as TypeScript's noUnusedLocals/noUnusedParameters read it.
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
    },
  },
  {
    // The plain JavaScript files are Node scripts (the test runners); TypeScript checks the names of the others.
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
  {
    // A plugin's entry is CommonJS: Strapi requires it.
    files: ['cms/src/plugins/*/strapi-*.js'],
    languageOptions: { sourceType: 'commonjs', globals: { module: 'writable', require: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // The two classic rules of hooks. The plugin's React Compiler rules (its `recommended` set since 6.0) are left
    // off: their findings (setState in effects, refs read in render) need components rewritten, not lint fixes, and
    // they double the site's lint time.
    files: ['web/src/**/*.{ts,tsx}', 'cms/src/admin/**/*.{ts,tsx}', 'cms/src/plugins/*/admin/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  ...featureBoundaries,
  {
    // The shared rules are pure: they import no workspace (the CMS and the site import them).
    files: ['rules/src/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@portal/*'], message: 'rules/ imports nothing of the workspaces.' },
            {
              regex: climbingInto(['cms', 'web', 'scripts', 'e2e', 'bench']),
              message: 'rules/ imports nothing of the workspaces.',
            },
          ],
        },
      ],
    },
  },
  {
    // The CMS serves the site; it never imports it.
    files: ['cms/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@portal/web', '@portal/web/*'], message: 'The CMS never imports the site.' },
            { regex: climbingInto(['web']), message: 'The CMS never imports the site.' },
          ],
        },
      ],
    },
  },
  prettier,
);
