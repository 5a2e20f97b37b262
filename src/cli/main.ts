#!/usr/bin/env -S node --max-old-space-size=256 --max-semi-space-size=8
import { relaunchForHeap } from './heap.js';

// The shebang bounds V8's heap for the crawl (heap.ts owns every command's heap): with the default limits V8 lets
// a crawl's garbage pile up far above its small live heap. The young generation is small because the records are
// settled in a worker thread (crawl/settle-thread.ts), where most of the garbage is. The bench's crawl sections
// judge the crawl's peak memory under these settings.

// A reader that stops reading (`landing-graph … | head`) is not a failure: end quietly, as Unix tools do, instead of
// a stack trace. The commands that write to the graph print once they have written, so nothing is cut short.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
  process.exit(0);
});

// Only heap.ts is loaded before this decision: a command run in a child costs this process little.
const childExit = await relaunchForHeap(process.argv, process.env);
if (childExit !== undefined) {
  process.exitCode = childExit;
} else {
  const { main } = await import('./program.js');
  process.exitCode = await main(process.argv);
}
