// Three projects, one per tier of the file name, so each spec runs in exactly one: fast unit
// specs next to the code, int specs against a real store, e2e specs that boot the app.
const swc = [
  '@swc/jest',
  {
    jsc: {
      target: 'es2022',
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
    },
    module: { type: 'commonjs' },
  },
];
const moduleNameMapper = {
  '^@logbook/(rules|content|event-store|projections|game-log|app-core|api-client)$': '<rootDir>/libs/$1/src',
  '^@logbook/(rules|content|event-store|projections|game-log|app-core|api-client)/(.*)$': '<rootDir>/libs/$1/src/$2',
};
// @fastify/static (the page and /docs on Fastify) requires content-disposition 3, an ES module:
// compiled to CommonJS for Jest like the sources (Node runs it as it is).
const ESM_DEPENDENCY = '/node_modules/content-disposition/dist/';
const common = {
  rootDir: __dirname,
  transform: { '^.+\\.ts$': swc, [`${ESM_DEPENDENCY}.+\\.js$`]: swc },
  transformIgnorePatterns: [`^(?!.*${ESM_DEPENDENCY}).*/node_modules/`],
  moduleNameMapper,
  testEnvironment: 'node',
};

module.exports = {
  // Whole games, fuzzing and child processes on a shared 2-core machine: time for slow moments.
  // Jest 30 reads testTimeout from the global config only (not from a projects[] entry).
  testTimeout: 30_000,
  projects: [
    { ...common, displayName: 'unit', testMatch: ['<rootDir>/{apps,libs,test}/**/*.spec.ts'] },
    { ...common, displayName: 'int', testMatch: ['<rootDir>/{apps,libs,test}/**/*.int-spec.ts'] },
    { ...common, displayName: 'e2e', testMatch: ['<rootDir>/{apps,libs,test}/**/*.e2e-spec.ts'] },
  ],
};
