// Lint: typescript-eslint's recommended rules, with non-null assertions and `any` as errors in
// the code that ships (tests may assert what they have just arranged); type-aware promise rules
// everywhere; and the performance habits docs/architecture.md states, on the files they concern.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', '**/*.js', '**/*.mjs', 'libs/api-client/src/schema.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    // Type-aware rules, for the page (.tsx) as for the server: a promise nobody awaits loses its
    // error (an unhandled rejection ends the process), and a promise passed where a plain
    // callback is expected (an event handler, a forEach) is never awaited by its caller. Each
    // file is checked against its own tsconfig (the page's has the DOM; libs/rules its stricter
    // settings), found by typescript-eslint's project service.
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    // The append path (docs/architecture.md, "What an order costs above the store"): on Node 20
    // an object spread that follows other fields and rest destructuring take V8's slow path
    // (about 10 µs for one event's metadata), and a frozen spread copy gets a hidden class of its
    // own. These files build their objects field by field, in the spread's key order.
    files: [
      'libs/game-log/src/game-events.ts',
      'libs/game-log/src/action-metadata.ts',
      'libs/event-store/src/core/serialized-event.ts',
      'libs/rules/src/decision.ts',
      'libs/rules/src/seat-may-act.ts',
      'libs/rules/src/history/action-stack.ts',
      'libs/rules/src/history/game-history.ts',
      'libs/rules/src/history/history-action.ts',
      'libs/rules/src/history/state-memory.ts',
      'apps/server/src/games/game-events.service.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ObjectExpression > SpreadElement',
          message:
            'No object spreads on the append path: build the object field by field, in the same key order (V8 takes a slow path for a spread; docs/architecture.md).',
        },
        {
          selector: 'ObjectPattern > RestElement',
          message: 'No rest destructuring on the append path: copy the fields you keep one by one (V8 takes a slow path for it; docs/architecture.md).',
        },
      ],
    },
  },
  {
    // The barrels every consumer imports: `export *` compiles to one getter shared by every name
    // of a module (a megamorphic load per call); a named re-export gets its own, which V8 inlines.
    files: ['libs/rules/src/**/index.ts', 'libs/game-log/src/**/index.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ExportAllDeclaration',
          message:
            'Name each export of a rules or game-log barrel (no `export *`): a named re-export compiles to a getter of its own, which V8 inlines (docs/architecture.md).',
        },
      ],
    },
  },
  {
    files: ['**/*.spec.ts', '**/*.int-spec.ts', '**/*.e2e-spec.ts', '**/testing/**/*.ts', 'test/**/*.ts', 'bench/**/*.ts'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
);
