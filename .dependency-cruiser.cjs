/**
 * The layer rules of src/, checked by `npm run lint:layers` (part of `npm test`). From the bottom up:
 * - shared pieces: errors.ts, random.ts, order.ts, cypher-header.ts, time/, render/, graph/ (the pure mapping), and the
 *   service in three layers: api/ (its vocabulary: kinds, keys, refs, seeds, the zod record schemas), rate/ (the
 *   sliding window, the limiter, departures and the shared window on Redis) and client/ (the HTTP client, its retries,
 *   429 pauses and outage gate), each using only those below it;
 * - the engine: crawl/ (the crawl and its FrontierStore interface) and store/ (Neo4j, implementing it), and queue/
 *   (the record queue on BullMQ and Redis, which the CLI plugs into the crawl's fetch seam);
 * - features side by side: changes/, network/, resolve/, query/, load/, export/, flags/, screen/ — none imports another;
 * - sandbox/: the service's local stand-in, beside the features, imported only by the CLI;
 * - app/: the application layer, which may combine features and the engine (a crawl run with or without the record
 *   queue, its worker processes) and is tested directly; only the CLI imports it;
 * - cli/: the only layer that knows commander (it parses, prints and maps errors to exit codes), and nothing imports it.
 * Test oracles live in test/support/, never in src/.
 */
const FEATURES = 'changes|network|resolve|query|load|export|flags|screen';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    { name: 'no-cycles', severity: 'error', comment: 'A cycle makes two files one; split out what both need.', from: { path: '^src/' }, to: { circular: true } },
    {
      name: 'features-apart',
      severity: 'error',
      comment: 'Features never import each other: what two of them need is a shared piece (render, time, api, graph, store).',
      from: { path: `^src/(${FEATURES})/` },
      to: { path: `^src/(${FEATURES})/`, pathNot: '^src/$1/' },
    },
    {
      name: 'features-below-cli',
      severity: 'error',
      comment: 'Features, the engine and the shared pieces do not reach up into the engine loop, the sandbox or the CLI.',
      from: { path: `^src/(${FEATURES})/` },
      to: { path: '^src/(crawl|sandbox|cli)/' },
    },
    {
      name: 'cli-on-top',
      severity: 'error',
      comment: 'Only src/cli/ (and its entry point) imports src/cli/.',
      from: { path: '^src/', pathNot: '^src/cli/' },
      to: { path: '^src/cli/' },
    },
    {
      name: 'app-only-from-cli',
      severity: 'error',
      comment: 'The application layer sits between the CLI and everything else: only src/cli/ imports src/app/.',
      from: { path: '^src/', pathNot: '^src/(cli|app)/' },
      to: { path: '^src/app/' },
    },
    {
      name: 'app-below-cli',
      severity: 'error',
      comment: 'The application layer does not print or parse: it never imports the CLI or the sandbox.',
      from: { path: '^src/app/' },
      to: { path: '^src/(cli|sandbox)/' },
    },
    {
      name: 'commander-in-cli',
      severity: 'error',
      comment: 'The CLI is the only layer that knows commander: the library takes typed options.',
      from: { path: '^src/', pathNot: '^src/cli/' },
      to: { path: 'node_modules/commander/' },
    },
    {
      name: 'sandbox-only-from-cli',
      severity: 'error',
      comment: 'The sandbox is a stand-in for the service: the library never depends on it.',
      from: { path: '^src/', pathNot: '^src/(cli|sandbox)/' },
      to: { path: '^src/sandbox/' },
    },
    {
      name: 'sandbox-apart',
      severity: 'error',
      comment: 'The sandbox serves records as the service does; it uses the API and the mapping, never the engine or features.',
      from: { path: '^src/sandbox/' },
      to: { path: `^src/(store|crawl|${FEATURES}|cli)/` },
    },
    {
      name: 'engine-below-features',
      severity: 'error',
      comment: 'The crawl and the store do not know the features built on them.',
      from: { path: '^src/(crawl|store)/' },
      to: { path: `^src/(${FEATURES}|sandbox|cli)/` },
    },
    {
      name: 'queue-beside-the-crawl',
      comment: 'The record queue fetches through the client and knows nothing of the crawl, the graph store or the features; the application layer wires them.',
      severity: 'error',
      from: { path: '^src/queue/' },
      to: { path: `^src/(crawl|store|${FEATURES}|sandbox|cli)/` },
    },
    {
      name: 'queue-only-from-cli',
      comment: 'The crawl takes any fetch function: it never depends on Redis or BullMQ; the application layer plugs the queue in.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/(cli|app|queue)/' },
      to: { path: '^src/queue/|node_modules/bullmq' },
    },
    {
      name: 'crawl-through-interfaces',
      severity: 'error',
      comment: 'The crawler depends on FrontierStore, not on Neo4j: src/store implements it.',
      from: { path: '^src/crawl/' },
      to: { path: '^src/store/|node_modules/neo4j-driver' },
    },
    {
      name: 'shared-pieces-at-the-bottom',
      severity: 'error',
      comment: 'errors, random, order, cypher-header, time, render, api and graph are used by everyone and use none of the layers above.',
      from: { path: '^src/(api|graph|time|render|errors\\.ts|random\\.ts|order\\.ts|cypher-header\\.ts)' },
      to: { path: `^src/(store|crawl|${FEATURES}|sandbox|cli)/` },
    },
    {
      name: 'vocabulary-at-the-bottom',
      severity: 'error',
      comment: "api/ is the service's vocabulary: it knows no HTTP, no Redis, no rate and no client.",
      from: { path: '^src/api/' },
      to: { path: '^src/(client|rate)/|node_modules/(undici|ioredis)/' },
    },
    {
      name: 'rate-below-client',
      severity: 'error',
      comment: 'The rate pieces pace any sender: the client uses them, they never use the client.',
      from: { path: '^src/rate/' },
      to: { path: '^src/client/|node_modules/undici/' },
    },
    {
      name: 'service-below-engine',
      severity: 'error',
      comment: 'The client and the rate pieces are shared by the crawl, the queue and the CLI: they know none of them.',
      from: { path: '^src/(client|rate)/' },
      to: { path: `^src/(store|crawl|queue|${FEATURES}|sandbox|cli)/` },
    },
    {
      name: 'api-below-graph',
      severity: 'error',
      comment: 'The mapping (graph/) reads the API types; the API never knows the graph.',
      from: { path: '^src/(api|time|render)/' },
      to: { path: '^src/graph/' },
    },
    {
      name: 'no-tests-or-bench-in-src',
      severity: 'error',
      comment: 'What ships (dist/) holds no test oracle and no benchmark.',
      from: { path: '^src/' },
      to: { path: '^(test|bench)/' },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
  },
};
