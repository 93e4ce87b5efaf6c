// The layers of docs/architecture.md and the dependencies that must never exist between them, checked by
// `npm run deps` (part of `npm test`). Type-only imports count: a layer that names another's types depends on it.
const { builtinModules } = require('node:module');

/** The pure core: the event catalogue, the machines, the rules, the schema helpers, the Decider, and its entry. */
const CORE = '^(events|machines|src/rules|src/schema)/|^src/engine/|^src/core[.]ts$';
/** The browser-safe entry, `awaw-surrender/core`. */
const CORE_ENTRY = '^src/core[.]ts$';
/**
 * Every Node.js built-in module, with or without its `node:` prefix (`fs`, `node:crypto`, `fs/promises` ...): the
 * whole name, so that the folder events/ is not the built-in `events`.
 */
const NODE_BUILTINS = `^(node:)?(${builtinModules.join('|')})$`;

/**
 * Each store's own modules: the JSON Lines store in src/store/file/, PostgreSQL in src/store/postgres/, the memory
 * store in src/store/memory.ts. The rest of src/store/ is the contract every store implements (the interfaces,
 * StoreError, the line format and sealing, the shared-log index, game-log).
 */
const POSTGRES = '^src/store/postgres/';
const FILE = '^src/store/file/';
const MEMORY = '^src/store/memory[.]ts$';
const BACKEND = `${POSTGRES}|${FILE}|${MEMORY}`;

/** Packages that reach a database, the network, the file system or a random source: never the core's. */
const IO_PACKAGES = '(^|/)node_modules/(pg|@types/pg|pg-[^/]+|fastify|@fastify/[^/]+|nanoid|fs-ext|@types/fs-ext)/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No import cycle anywhere, between files or folders.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-circular-folders',
      severity: 'error',
      comment:
        'No loop between folders either: when two folders need each other, the shared piece has a home of its own. ' +
        'The subfolders of src/engine/ are one folder here (their files still form no cycle).',
      scope: 'folder',
      from: { pathNot: '^src/engine/[^/]+$' },
      to: { circular: true },
    },
    {
      name: 'core-is-pure',
      severity: 'error',
      comment:
        'The core (decide, evolve, pending, choices, machines, events, rules) imports no store, host, command line, ' +
        'server, file system, process or database: it works on values only.',
      from: { path: CORE },
      to: {
        path: [
          '^src/(store|host|host-protocol|cli|server|audit|report|schemas|docs|examples)/',
          '^src/index[.]ts$',
          '^bench/',
          IO_PACKAGES,
        ],
      },
    },
    {
      name: 'core-no-node-builtins',
      severity: 'error',
      comment: 'The core reads no file, clock source, process or network: no Node.js built-in module.',
      from: { path: CORE },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'core-entry-reaches-no-node',
      severity: 'error',
      comment:
        'The browser-safe entry (awaw-surrender/core) reaches, through any chain of imports, no Node.js built-in ' +
        'module, no package that does I/O and no store, host, command line or server: a browser bundle holds it.',
      from: { path: CORE_ENTRY },
      to: {
        path: [
          NODE_BUILTINS,
          IO_PACKAGES,
          '^src/(store|host|host-protocol|cli|server|audit|report|schemas|docs|examples)/',
          '^src/index[.]ts$',
        ],
        reachable: true,
      },
    },
    {
      name: 'machines-not-engine',
      severity: 'error',
      comment: 'The machines are the gates the engine runs: they know nothing of it.',
      from: { path: '^machines/' },
      to: { path: '^src/engine/' },
    },
    {
      name: 'events-below-machines',
      severity: 'error',
      comment: 'The event catalogue is the bottom of the core: it imports the rules and the schema helpers only.',
      from: { path: '^events/' },
      to: { path: '^(machines|src/engine)/' },
    },
    {
      name: 'rules-below-events',
      severity: 'error',
      comment: 'The rules and the schema helpers import neither the events nor the machines nor the engine.',
      from: { path: '^src/(rules|schema)/' },
      to: { path: '^(events|machines|src/engine)/' },
    },
    {
      name: 'store-below-engine',
      severity: 'error',
      comment:
        'A store keeps events: ' +
        'it imports the event catalogue and the schema helpers, nothing that runs the rules.',
      from: { path: '^src/store/' },
      to: {
        path: [
          '^(machines|src/(engine|rules|host|host-protocol|cli|server|audit|report|schemas|docs|examples))/',
          '^bench/',
        ],
      },
    },
    {
      name: 'store-contract-names-no-backend',
      severity: 'error',
      comment: 'The store contract (and the shared-log index the memory and file stores build on) imports no store.',
      from: { path: '^src/store/', pathNot: BACKEND },
      to: { path: BACKEND },
    },
    {
      name: 'file-store-alone',
      severity: 'error',
      comment: 'The JSON Lines file store imports the contract only, never PostgreSQL or the memory store.',
      from: { path: FILE },
      to: { path: `${POSTGRES}|${MEMORY}` },
    },
    {
      name: 'postgres-store-alone',
      severity: 'error',
      comment: 'The PostgreSQL store imports the contract only, never the file or the memory store.',
      from: { path: POSTGRES },
      to: { path: `${FILE}|${MEMORY}` },
    },
    {
      name: 'memory-store-alone',
      severity: 'error',
      comment: 'The memory store imports the contract only, never the file or the PostgreSQL store.',
      from: { path: MEMORY },
      to: { path: `${FILE}|${POSTGRES}` },
    },
    {
      name: 'host-names-no-backend',
      severity: 'error',
      comment:
        'The host layer and the host protocol speak to a store through its contract, never to a backend: a ' +
        'failure is a StoreError of a kind. src/host/file/ is the host of one JSON Lines log (exec, append, ' +
        'replay) and opens the file store.',
      from: { path: '^src/(host|host-protocol)/', pathNot: '^src/host/file/' },
      to: { path: BACKEND },
    },
    {
      name: 'host-file-is-files',
      severity: 'error',
      comment: 'The host of a JSON Lines log opens the file store only, never PostgreSQL or the memory store.',
      from: { path: '^src/host/file/' },
      to: { path: `${POSTGRES}|${MEMORY}` },
    },
    {
      name: 'host-below-cli-and-server',
      severity: 'error',
      comment: 'The host layer and the host protocol are used by the command line and the server, never the reverse.',
      from: { path: '^src/(host|host-protocol)/' },
      to: { path: '^src/(cli|server|docs|examples)/|^bench/' },
    },
    {
      name: 'async-imports-nothing',
      severity: 'error',
      comment: 'The asynchronous helpers (one queue) sit below every layer: they import nothing of the project.',
      from: { path: '^src/async/' },
      to: { path: '^(src|events|machines|bench|test)/', pathNot: '^src/async/' },
    },
    {
      name: 'text-imports-nothing',
      severity: 'error',
      comment: 'The text helpers (lines broken at a width) sit below every layer: they import nothing of the project.',
      from: { path: '^src/text/' },
      to: { path: '^(src|events|machines|bench|test)/', pathNot: '^src/text/' },
    },
    {
      name: 'only-cli-imports-cli',
      severity: 'error',
      comment:
        'The command line is the top layer: ' +
        'no other folder of src/ imports it (the schemas and the server included).',
      from: { path: '^(src|events|machines)/', pathNot: '^src/cli/' },
      to: { path: '^src/cli/' },
    },
    {
      name: 'server-not-cli',
      severity: 'error',
      comment: 'The server imports the host, the stores, the report and the schemas; never the command line.',
      from: { path: '^src/server/' },
      to: { path: '^src/(cli|docs|examples)/|^bench/' },
    },
    {
      name: 'schemas-below-hosts',
      severity: 'error',
      comment:
        'The schema catalogue describes documents: ' +
        'it imports no command line, server, engine host or store backend.',
      from: { path: '^src/schemas/' },
      to: { path: [`^src/(cli|server|host|docs|examples)/|^bench/`, POSTGRES, FILE, MEMORY] },
    },
    {
      name: 'audit-not-engine',
      severity: 'error',
      comment:
        'The audit explains a log from its events and the rules alone: ' +
        'it imports no engine, store, host or server.',
      from: { path: '^src/audit/' },
      to: {
        path: ['^(machines|src/(engine|store|host|host-protocol|cli|server|report|schemas|docs|examples))/', '^bench/'],
      },
    },
    {
      name: 'report-reads-only',
      severity: 'error',
      comment:
        'The report draws a replayed log: ' +
        'it imports no store, engine host, host protocol, command line or server.',
      from: { path: '^src/report/' },
      to: { path: ['^src/(store|host|host-protocol|cli|server|schemas|docs|examples)/', '^bench/'] },
    },
    {
      name: 'generators-not-imported',
      severity: 'error',
      comment: 'The generators of docs/, schemas/ and examples/ are run, never imported by the product.',
      from: { path: '^(src|events|machines)/', pathNot: '^src/(docs|examples)/' },
      to: { path: '^src/(docs|examples)/' },
    },
    {
      name: 'bench-not-imported',
      severity: 'error',
      comment: 'The benchmarks are run, never imported.',
      from: { path: '^(src|events|machines)/' },
      to: { path: '^bench/' },
    },
    {
      name: 'no-test-code',
      severity: 'error',
      comment: 'Nothing shipped or benchmarked imports test code.',
      from: { path: '^(src|events|machines|bench)/' },
      to: { path: '^test/|[.](test|spec)[.]ts$' },
    },
    {
      name: 'no-dev-dependencies',
      severity: 'error',
      comment:
        'The package runs on its dependencies alone: no development dependency in src/, events/ or machines/, ' +
        'but for the server and the report, which the build bundles with their frameworks (dist/serve.cjs, ' +
        'dist/report.cjs), and a peer dependency the host installs (pg, for the PostgreSQL store), which the tests ' +
        'install as a development one.',
      from: { path: '^(src|events|machines)/', pathNot: '^src/(server|report)/' },
      to: {
        dependencyTypes: ['npm-dev'],
        dependencyTypesNot: ['type-only', 'npm-peer'],
        pathNot: '(^|/)node_modules/@types/',
      },
    },
    {
      name: 'pg-loaded-lazily',
      severity: 'error',
      comment:
        'pg is an optional peer dependency: nothing shipped imports it at load time (its types aside). ' +
        'src/store/postgres/pg-driver.ts loads it with import() when a PostgreSQL store first opens.',
      from: { path: '^(src|events|machines)/' },
      to: { path: '(^|/)node_modules/pg/', dependencyTypesNot: ['type-only', 'dynamic-import'] },
    },
    {
      name: 'main-entry-no-postgres',
      severity: 'error',
      comment:
        'The main entry (awaw-surrender) reaches no module of the PostgreSQL store: that is awaw-surrender/postgres ' +
        '(src/postgres.ts), for the hosts that install pg.',
      from: { path: '^src/index[.]ts$' },
      to: { path: POSTGRES, reachable: true },
    },
    {
      name: 'bundled-parts-stay-apart',
      severity: 'error',
      comment:
        'The server and the report carry development dependencies inside their bundles: only the commands that ' +
        'run them (src/cli/) and themselves import them, never the library.',
      from: { path: '^(src|events|machines)/', pathNot: '^src/(server|report|cli)/' },
      to: { path: '^src/(server|report)/' },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment: 'Every import resolves.',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
