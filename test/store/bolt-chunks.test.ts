import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

// patches/neo4j-driver-bolt-connection+6.3.0.patch (applied by `npm install`): the driver frames what it sends
// in chunks of at most 1,400 bytes and writes each to the socket on its own; a commit sends megabytes of
// parameters. These are the driver's own (untyped, CommonJS) modules.
const require = createRequire(import.meta.url);
const { Chunker } = require('neo4j-driver-bolt-connection/lib/channel/chunking.js') as {
  Chunker: new (channel: {
    write(buffer: { _buffer: Buffer }): void;
  }) => {
    putBytes(position: number, data: unknown): void;
    messageBoundary(): void;
    flush(): void;
  };
};
const { alloc } = require('neo4j-driver-bolt-connection/lib/channel/channel-buf.js') as { alloc(size: number): unknown };

describe('Bolt chunks of the patched driver', () => {
  it('sends a megabyte in 16 socket writes of valid chunks, not in 716 of 1,400 bytes', () => {
    const writes: Buffer[] = [];
    const chunker = new Chunker({ write: (buffer) => writes.push(Buffer.from(buffer._buffer)) });
    chunker.putBytes(0, alloc(1_000_000));
    chunker.messageBoundary();
    chunker.flush();

    expect(writes).toHaveLength(16);
    let payload = 0;
    for (const [i, write] of writes.entries()) {
      expect(write.length).toBeLessThanOrEqual(65_535);
      // One chunk per write: its two-byte header says how much follows (Bolt's limit is 65,535); the last
      // write ends with the message boundary, an empty chunk.
      const size = write.readUInt16BE(0);
      const boundary = i === writes.length - 1 ? 2 : 0;
      expect(size).toBe(write.length - 2 - boundary);
      if (boundary) expect(write.readUInt16BE(write.length - 2)).toBe(0);
      payload += size;
    }
    expect(payload).toBe(1_000_000);
  });
});
