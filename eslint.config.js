import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '.data/**', 'web/dist/**', 'coverage/**', 'scratch/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // A capability's tables.ts joins the Database type with `interface Database extends XTables {}` (declaration merging).
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  { files: ['scripts/**', 'bench/**', '.ci/**'], rules: { 'no-console': 'off' } },
  // TypeScript itself refuses unused locals and parameters in every .ts/.tsx file (noUnusedLocals, noUnusedParameters in
  // both tsconfigs, which between them include every one): the rule stays for the JavaScript files only.
  { files: ['**/*.ts', '**/*.tsx'], rules: { '@typescript-eslint/no-unused-vars': 'off' } },
  {
    // SQL lives only in repository files (docs/architecture.md): everywhere else, query building is an error.
    files: ['src/**/*.ts', 'jobs/**/*.ts'],
    ignores: [
      'src/**/repository.ts',
      'src/**/*.repository.ts',
      'src/db/**',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...['selectFrom', 'insertInto', 'updateTable', 'deleteFrom', 'mergeInto', 'replaceInto', 'selectNoFrom', 'with'].map((method) => ({
          selector: `CallExpression[callee.property.name='${method}'][callee.object.type!='Identifier'], CallExpression[callee.property.name='${method}'][callee.object.name=/^(db|trx|ex|tx|executor)$/]`,
          message: `Query building (.${method}) belongs in a repository file (repository.ts or *.repository.ts).`,
        })),
        { selector: "CallExpression[callee.property.name='transaction'][arguments.length=0]", message: 'Transactions are opened by repositories (or DomainEvents.transaction).' },
        { selector: "TaggedTemplateExpression[tag.name='sql'], CallExpression[callee.object.name='sql']", message: 'SQL belongs in a repository file (repository.ts or *.repository.ts).' },
      ],
    },
  },
);
