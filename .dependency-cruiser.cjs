/**
 * The layers of the project as rules a machine checks: `npm run lint:layers` (part of `npm test`).
 * CONTRIBUTING.md#layers says why each rule exists. An exception is a `pathNot` entry written next to
 * its rule with the reason; the list of exceptions is the work left to do (or a deliberate choice,
 * said as such).
 */

/** server/domain/auth is the platform's security kernel (sessions, credentials, caller, throttle,
 * temporary passwords, grant checks): it reads and writes its tables directly, inside the transaction of
 * the save that runs it, because the generic services are built on top of it (they ask it who the caller
 * is and what it may do). Everything else under server/domain goes through ctx.service(Entity). */
const SECURITY_KERNEL = '^server/domain/auth/';

/**
 * Files of server/domain that still read or write tables themselves, each with its reason: the list of
 * what is left to move onto the scoped services (issue 13 item 2). Shorten it; never lengthen it.
 */
const EXCEPTIONS = [
  {
    path: '^server/domain/hooks\\.ts$',
    reason: 'The entity hook contract hands a hook the transaction of the save that runs it (type-only import of Knex).',
  },
  { path: '^server/domain/assistenza/promozione-hooks\\.ts$', reason: 'Hook: reads the stored child rows inside the save\'s transaction.' },
  { path: '^server/domain/notifiche/hooks\\.ts$', reason: 'Hook: reads the stored row inside the save\'s transaction.' },
];

const NOT_DOMAIN_RULES = [SECURITY_KERNEL, ...EXCEPTIONS.map((e) => e.path)];

module.exports = {
  forbidden: [
    {
      name: 'ui-not-server',
      comment: 'The UI talks to the server only over HTTP (ui/src/core/dataProvider.ts); both read generated/.',
      severity: 'error',
      from: { path: '^ui/' },
      to: { path: '^(server|generator|scripts|bench|tests)/' },
    },
    {
      name: 'server-not-generator',
      comment: 'The server runs on generated/ only: the generator is a build step, never loaded at run time.',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^(generator|ui|scripts|bench|tests)/' },
    },
    {
      name: 'generator-not-runtime',
      comment: 'The generator reads spec/ and writes generated/: it needs nothing of the server or the UI.',
      severity: 'error',
      from: { path: '^generator/' },
      to: { path: '^(server|ui|scripts|bench|tests)/' },
    },
    {
      name: 'common-is-pure',
      comment: 'common/ runs in the server, the UI and the generator: it imports none of them.',
      severity: 'error',
      from: { path: '^common/' },
      to: { path: '^(server|ui|generator|generated|scripts|bench|tests)/' },
    },
    {
      name: 'domain-not-repository',
      comment:
        'Domain handlers use the scoped generic services (ctx.service(Entity)), so data scope, audit, ' +
        'readOnly and ETag apply to them too: never the repository underneath.',
      severity: 'error',
      from: { path: '^server/domain/', pathNot: NOT_DOMAIN_RULES },
      to: { path: '^server/crud/(repository|audit|list-query)\\.ts$' },
    },
    {
      name: 'domain-not-row-mapping',
      comment: 'Mapping columns to fields is the repository\'s job: a domain file may name the Row type only.',
      severity: 'error',
      from: { path: '^server/domain/', pathNot: NOT_DOMAIN_RULES },
      to: { path: '^server/crud/row-mapping\\.ts$', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'domain-not-knex',
      comment:
        'Raw knex in a domain handler skips scope, audit, readOnly and ETag: the services answer instead ' +
        '(ctx.service(Entity)); a query they cannot express becomes a generic method of EntityService.',
      severity: 'error',
      from: { path: '^server/domain/', pathNot: NOT_DOMAIN_RULES },
      to: { path: '(^|/)node_modules/knex/' },
    },
    {
      name: 'no-circular-server',
      comment: 'A cycle makes the load order matter and hides which layer is below which.',
      severity: 'error',
      from: { path: '^server/' },
      to: { circular: true },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'An import that resolves to nothing is a typo or a missing dependency.',
      severity: 'error',
      from: { path: '^(common|generator|server|ui)/' },
      // virtual:* modules are a Vite plugin's (ui/manifest-file.ts), resolved at build time only.
      to: { couldNotResolve: true, pathNot: '^virtual:' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // node_modules is a symlink in the engineers' worktrees: keep the path the import names.
    preserveSymlinks: true,
    exclude: { path: '^(dist|data|test-results)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.cjs', '.mjs', '.json', '.d.ts'],
    },
    skipAnalysisNotInRules: true,
  },
};
