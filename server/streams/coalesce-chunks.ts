import { Transform } from "node:stream";

/** 64 KB: about seventy CSV rows. */
const CHUNK_BYTES = 64 * 1024;

/**
 * Gathers small writes into chunks of about `chunkBytes`. A stream that emits a chunk per row (a CSV
 * row is about 1 KB) makes the compression middleware run zlib once per row, which cut a million-lead
 * export to 5,000 rows/s; one write per 64 KB lets it run at the database's pace.
 */
export function coalesceChunks(chunkBytes = CHUNK_BYTES): Transform {
  let parts: Buffer[] = [];
  let size = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      parts.push(chunk);
      size += chunk.length;
      if (size >= chunkBytes) {
        this.push(Buffer.concat(parts, size));
        parts = [];
        size = 0;
      }
      done();
    },
    flush(done) {
      if (size) this.push(Buffer.concat(parts, size));
      done();
    },
  });
}
