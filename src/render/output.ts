import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { once } from 'node:events';
import { LandingGraphError, quoteValue } from '../errors.js';

/** What a writer produced: the path it was given, the files it wrote there, their total size. */
export interface WrittenExport {
  path: string;
  files: string[];
  bytes: number;
}

/**
 * The folder `out` goes into must exist: a mistyped path is one line, never a tree of new folders made from it
 * (`--out /nonexistent/dir/x.json` once made /nonexistent). Checked before anything is read.
 */
export async function checkOutFolder(out: string): Promise<void> {
  const folder = path.dirname(path.resolve(out));
  const info = await stat(folder).catch(() => undefined);
  if (!info?.isDirectory()) {
    throw new LandingGraphError('CONFIG_INVALID', `cannot write ${quoteValue(out)}: the folder ${quoteValue(folder)} does not exist`);
  }
}

/**
 * Write text chunks to a file as they come (exports with raw records can be far larger than one string
 * may be), waiting on the stream when it is full. Returns the bytes written. The folder must exist.
 */
export async function writeChunks(file: string, chunks: Iterable<string>): Promise<number> {
  const out = await openChunkFile(file);
  try {
    for (const chunk of chunks) await out.write(chunk);
  } catch (error) {
    await out.abandon();
    throw error;
  }
  return out.close();
}

/** A file written a chunk at a time. */
export interface ChunkFile {
  /** Resolves when the stream can take more. */
  write(chunk: string): Promise<void>;
  /** Finish: the file takes its name now, whole. Returns the bytes written. */
  close(): Promise<number>;
  /** Stop and remove what was written. */
  abandon(): Promise<void>;
}

/**
 * Open `file` for writing a chunk at a time. The chunks go to a `.partial` file beside it, renamed to `file` when
 * closed: a run stopped half-way (out of memory, Ctrl-C) never leaves a cut-short file under the name asked for.
 */
export async function openChunkFile(file: string): Promise<ChunkFile> {
  await checkOutFolder(file);
  const partial = `${file}.partial`;
  const stream = createWriteStream(partial, { encoding: 'utf8' });
  const failed = new Promise<never>((_, reject) => stream.once('error', reject));
  failed.catch(() => undefined);
  let bytes = 0;
  const cannot = (error: unknown) =>
    new LandingGraphError('CONFIG_INVALID', `cannot write ${quoteValue(file)}: ${(error as Error).message}`, { cause: error });
  const abandon = async () => {
    stream.destroy();
    await rm(partial, { force: true });
  };
  return {
    async write(chunk) {
      bytes += Buffer.byteLength(chunk, 'utf8');
      try {
        if (!stream.write(chunk)) await Promise.race([once(stream, 'drain'), failed]);
      } catch (error) {
        await abandon();
        throw cannot(error);
      }
    },
    async close() {
      try {
        stream.end();
        await Promise.race([once(stream, 'finish'), failed]);
        await rename(partial, file);
      } catch (error) {
        await abandon();
        throw cannot(error);
      }
      return bytes;
    },
    abandon,
  };
}

/** A folder for a multi-file export: made when absent (in a folder that exists); refused when it is a file or holds other files than a previous export's. */
export async function prepareFolder(folder: string, ours: (name: string) => boolean): Promise<void> {
  const info = await stat(folder).catch(() => undefined);
  if (info && !info.isDirectory())
    throw new LandingGraphError('CONFIG_INVALID', `--out ${quoteValue(folder)} is a file; the csv format writes a folder`);
  if (!info) {
    await checkOutFolder(folder);
    await mkdir(folder);
  }
  const names = await readdir(folder);
  // A file of ours cut short by a run that stopped (openChunkFile) is ours too.
  const foreign = names.filter((n) => !ours(n) && !(n.endsWith('.partial') && ours(n.slice(0, -'.partial'.length))));
  if (foreign.length > 0)
    throw new LandingGraphError(
      'CONFIG_INVALID',
      `--out ${quoteValue(folder)} holds other files (${foreign
        .slice(0, 3)
        .map((n) => quoteValue(n))
        .join(', ')}); give an empty or new folder`,
    );
  // A previous export's files go: a label or type it had may be absent now.
  await Promise.all(names.map((n) => rm(path.join(folder, n), { force: true })));
}
