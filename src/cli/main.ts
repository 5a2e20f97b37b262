#!/usr/bin/env -S node --max-old-space-size=256 --max-semi-space-size=8
import { relaunchForHeap } from './heap.js';

// The shebang bounds V8's heap for the crawl (heap.ts owns every command's heap): a crawl's live heap stays under
// ~70 MB, but with the default limits V8 lets garbage pile up (peak RSS 335 MB at 5,000 records; 181 MB with these
// flags, same throughput). The young generation is 8 MB since records are settled in a worker thread
// (crawl/settle-thread.ts), where most of the garbage now is: a 10,000-record crawl peaked at 284 MB with 16 MB,
// 257 MB with 8, at the same records per second.

// Only heap.ts is loaded before this decision: a command run in a child costs this process little.
const childExit = await relaunchForHeap(process.argv, process.env);
if (childExit !== undefined) {
  process.exitCode = childExit;
} else {
  const { main } = await import('./program.js');
  process.exitCode = await main(process.argv);
}
