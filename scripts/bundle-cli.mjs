// Bundles the CLI that `tsc` built (dist/cli/main.js) into a few files, in place: each start of `landing-graph`
// then reads a handful of files instead of some 550-1,000 modules (neo4j-driver alone loads rxjs's 227), which is
// most of a start's CPU on Node 20 (no module compile cache before Node 22). Run by `npm run build` after tsc.
//
// - Code splitting keeps the commands lazy: main.js loads only the command it runs (cli/commands.ts).
// - The chunks stay in dist/cli/, two folders below the package, as every module of src/ is: the modules that find
//   the package's own files (cypher/, docs/, browser/, package.json, the render assets, the settle thread) do so
//   by `new URL('../../…', import.meta.url)` or `../<folder>/…`, which holds at that depth in src/, dist/ and here.
// - BullMQ and ioredis stay outside: they are loaded only on Redis, and msgpackr (under BullMQ) finds its native
//   addon from its own folder.
// - The rest of dist/ stays as tsc wrote it: the settle thread runs dist/crawl/settle-thread-main.js, and tests
//   import dist/ modules directly.
import { rm } from 'node:fs/promises';
import { build } from 'esbuild';

const cli = new URL('../dist/cli/', import.meta.url).pathname;
// The CommonJS packages inside (neo4j-driver, commander) call require() for Node's own modules, which an ES module
// bundle has no binding for.
const banner = { js: "import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(import.meta.url);" };

await build({
  entryPoints: [`${cli}main.js`],
  outdir: cli,
  allowOverwrite: true,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external: ['bullmq', 'ioredis', 'msgpackr'],
  banner,
  logLevel: 'warning',
});

// The settle thread's entry, bundled on its own: a crawl starts it once, and it loads the record schemas and the
// mapping.
const thread = new URL('../dist/crawl/settle-thread-main.js', import.meta.url).pathname;
await build({
  entryPoints: [thread],
  outfile: thread,
  allowOverwrite: true,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  banner,
  logLevel: 'warning',
});

// tsc's source maps of the two files replaced would map the bundles' lines to the wrong places.
await Promise.all([`${cli}main.js.map`, `${thread}.map`].map((map) => rm(map, { force: true })));
