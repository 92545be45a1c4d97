// The import rules of docs/ARCHITECTURE.md, kept by a tool instead of comments (`npm run check`).
// Imports that broke a rule on the day the rules came are listed in .dependency-cruiser-known-violations.json
// (`npm run check:imports -- --baseline` rewrites it): they are the house issue's work list. A new one fails.
const server = '^apps/server/src/';
// Test support lives outside src: the server's under apps/server/test, what journeys and benches share in packages/test-kit.
const testSupport = '^(apps/server/test|packages/test-kit)/';
const prodServer = { path: server, pathNot: '\\.test\\.ts$' };

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'store-imports-only-db-lib-contracts-stores',
      comment: 'A store owns SQL: it may import db, lib, contracts and other stores, never a service, route or socket.',
      severity: 'error',
      from: { path: `${server}modules/.+\\.store\\.ts$` },
      to: { path: `${server}(modules/(?!.+\\.store\\.ts$)|plugins/|realtime/|jobs/|ops/)` },
    },
    {
      name: 'lib-and-db-import-no-module',
      comment: 'lib holds no domain logic and db only the engine: neither reaches up into modules.',
      severity: 'error',
      from: { path: `${server}(lib|db)/`, pathNot: '\\.test\\.ts$' },
      to: { path: `${server}(modules|plugins|realtime|jobs|ops)/` },
    },
    {
      name: 'no-test-support-in-production',
      comment: 'Test support never ships: production code imports neither the test kit nor the security suites.',
      severity: 'error',
      from: prodServer,
      to: { path: testSupport },
    },
    {
      name: 'no-file-cycles',
      comment: 'No circle of imports between files (types included): cut it by moving the shared piece down.',
      severity: 'error',
      from: { path: '^(apps|packages)/', pathNot: '\\.test\\.tsx?$' },
      to: { circular: true },
    },
    {
      name: 'no-folder-cycles',
      comment: 'The server folders form a one-way stack.',
      severity: 'error',
      scope: 'folder',
      from: prodServer,
      to: { circular: true, pathNot: testSupport },
    },
    {
      name: 'contracts-import-only-zod',
      comment: 'packages/contracts is zod only: server and web import it, never the other way.',
      severity: 'error',
      from: { path: '^packages/contracts/' },
      to: { path: '^(apps|e2e|bench)/' },
    },
    {
      name: 'web-features-do-not-import-each-other',
      comment: 'Features are composed in app/, never by each other (Biome checks the same zones in biome.json).',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'web-features-do-not-import-app',
      comment: 'app/ composes the features, never the other way (Biome checks the same zones in biome.json).',
      severity: 'error',
      from: { path: '^apps/web/src/features/' },
      to: { path: '^apps/web/src/app/' },
    },
    {
      name: 'web-shared-code-imports-no-feature',
      comment: 'The shared folders serve every feature, so they import none (nor app/).',
      severity: 'error',
      from: { path: '^apps/web/src/(api|components|lib|types|locales)/' },
      to: { path: '^apps/web/src/(features|app)/' },
    },
  ],
  options: {
    // Test support is an edge's end, never followed: a test of one module reaches the whole app through it, and
    // following that would tie every folder into one loop. Tests themselves are held to no rule.
    doNotFollow: { path: '(^|/)node_modules/|^(apps/server/test|packages/test-kit)/' },
    exclude: { path: '(^|/)(node_modules|dist)/|\\.test\\.tsx?$' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    combinedDependencies: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
    },
  },
};
