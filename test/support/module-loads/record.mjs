// Preloaded with `node --import` by test/cli/start.test.ts: records every file the ES module loader loads into the
// file named by LANDING_GRAPH_TEST_MODULES_FILE, one URL a line. It changes nothing else.
import { register } from 'node:module';

register(new URL('./hooks.mjs', import.meta.url), { data: { file: process.env.LANDING_GRAPH_TEST_MODULES_FILE } });
