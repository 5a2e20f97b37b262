import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { prepareFolder, writeChunks } from '../../src/render/output.js';

describe('writing outputs', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'output-'));
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('writes into a folder that exists', async () => {
    const file = path.join(dir, 'x.json');
    expect(await writeChunks(file, ['{"a":', '"ё"}'])).toBe(10);
    expect(await readFile(file, 'utf8')).toBe('{"a":"ё"}');
  });

  it('refuses a mistyped folder with one line and makes no folder from it', async () => {
    const file = path.join(dir, 'nonexistent', 'dir', 'x.json');
    await expect(writeChunks(file, ['{}'])).rejects.toMatchObject({
      code: 'CONFIG_INVALID',
      message: `cannot write "${file}": the folder "${path.dirname(file)}" does not exist`,
    });
    expect(existsSync(path.join(dir, 'nonexistent'))).toBe(false);
    await expect(prepareFolder(path.join(dir, 'nonexistent', 'csv'), () => true)).rejects.toMatchObject({ code: 'CONFIG_INVALID' });
    expect(existsSync(path.join(dir, 'nonexistent'))).toBe(false);
  });

  it('makes the export folder itself in a folder that exists', async () => {
    await prepareFolder(path.join(dir, 'csv'), () => true);
    expect(existsSync(path.join(dir, 'csv'))).toBe(true);
  });
});
