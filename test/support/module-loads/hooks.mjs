// The loader hooks of record.mjs (they run in the loader's own thread).
import { appendFileSync } from 'node:fs';

let file;

export function initialize(data) {
  file = data.file;
}

export async function load(url, context, next) {
  if (file && url.startsWith('file:')) appendFileSync(file, `${url}\n`);
  return next(url, context);
}
