import { randomBytes } from "node:crypto";
import { crc32, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { crc32Combine, gzipJoiner, gzipPiece } from "../../server/streams/gzip-pieces";

// The lead export's readers compress their batches apart; joined, they are one gzip stream (ADR 030).
describe("gzip pieces", () => {
  it("combines two pieces' CRCs into the whole's", () => {
    const [a, b] = [randomBytes(70_000), randomBytes(12_345)];
    expect(crc32Combine(crc32(a), crc32(b), b.length)).toBe(crc32(Buffer.concat([a, b])));
    expect(crc32Combine(crc32(a), crc32(Buffer.alloc(0)), 0)).toBe(crc32(a));
  });

  it("joins pieces compressed apart into one gzip stream that gunzip reads as the text in order", () => {
    const texts = ["\uFEFF\"lead_id\"\n", "", "x".repeat(100_000), "Zoë, 山田 ✓\n".repeat(5_000), randomBytes(50_000).toString("base64")].map((t) => Buffer.from(t));
    const joiner = gzipJoiner();
    const parts: Buffer[] = [joiner.header];
    for (const text of texts) {
      const piece = gzipPiece(text);
      joiner.add(piece);
      parts.push(piece.deflated);
    }
    parts.push(joiner.trailer());
    expect(gunzipSync(Buffer.concat(parts)).equals(Buffer.concat(texts))).toBe(true);
  });
});
