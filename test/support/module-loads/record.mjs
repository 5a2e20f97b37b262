// Preloaded with `node --import` by test/cli/start.test.ts: records every file the process loads into the file named
// by LANDING_GRAPH_TEST_MODULES_FILE, one URL a line: those of the ES module loader as they load (hooks.mjs), and at
// exit those require() loaded (CommonJS, which the loader's hooks do not see on Node 20). It changes nothing else.
import { appendFileSync } from 'node:fs';
import { createRequire, register } from 'node:module';
import { pathToFileURL } from 'node:url';

const file = process.env.LANDING_GRAPH_TEST_MODULES_FILE;
register(new URL('./hooks.mjs', import.meta.url), { data: { file } });
if (file) {
  process.on('exit', () => {
    const required = Object.keys(createRequire(import.meta.url).cache).map((path) => `${pathToFileURL(path).href}\n`);
    appendFileSync(file, required.join(''));
  });
}
