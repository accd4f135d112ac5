import zlib from "node:zlib";

/**
 * One gzip stream made of pieces compressed apart (in other threads), as pigz does: each piece is raw
 * deflate ended with a sync flush (byte-aligned, not final), so pieces join into one deflate stream;
 * the gzip header goes first, and an empty final block, the CRC-32 of all the text and its length
 * last. The CRC of the whole is combined from the pieces' (zlib's crc32_combine).
 */
export interface GzipPiece {
  crc: number;
  length: number;
}

export function gzipPiece(text: Uint8Array): GzipPiece & { deflated: Buffer } {
  return { deflated: zlib.deflateRawSync(text, { level: zlib.constants.Z_BEST_SPEED, finishFlush: zlib.constants.Z_SYNC_FLUSH }), crc: zlib.crc32(text), length: text.length };
}

/** Writes gzip pieces into one stream: `header` first, each piece's bytes in order, `trailer` last. */
export function gzipJoiner() {
  let crc = 0;
  let length = 0;
  return {
    header: Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]),
    add(piece: GzipPiece) {
      crc = crc32Combine(crc, piece.crc, piece.length);
      length = (length + piece.length) % 2 ** 32;
    },
    trailer() {
      const trailer = Buffer.from([3, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
      trailer.writeUInt32LE(crc, 2);
      trailer.writeUInt32LE(length, 6);
      return trailer;
    },
  };
}

/** The reversed CRC-32 polynomial, for combining CRCs: Node's zlib computes them (zlib.crc32) but has no crc32_combine. */
const POLYNOMIAL = 0xedb88320;

/** a * b modulo the CRC polynomial (zlib's multmodp). */
function multiplyModP(a: number, b: number): number {
  let m = 0x80000000;
  let p = 0;
  for (;;) {
    if (a & m) {
      p ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    b = b & 1 ? (b >>> 1) ^ POLYNOMIAL : b >>> 1;
  }
  return p >>> 0;
}

/** x^(2^k) modulo the polynomial, k = 0..31 (zlib's x2n_table). */
const X2N = (() => {
  const table: number[] = [];
  let p = 0x40000000;
  table.push(p);
  for (let n = 1; n < 32; n++) table.push((p = multiplyModP(p, p)));
  return table;
})();

/** x^(n * 2^k) modulo the polynomial (zlib's x2nmodp). */
function powerModP(n: number, k: number): number {
  let p = 0x80000000;
  while (n) {
    if (n & 1) p = multiplyModP(X2N[k & 31]!, p);
    n = Math.floor(n / 2);
    k++;
  }
  return p;
}

/** The CRC-32 of A followed by B, from A's, B's and B's length (zlib's crc32_combine). */
export function crc32Combine(crcA: number, crcB: number, lengthB: number): number {
  return (multiplyModP(powerModP(lengthB, 3), crcA) ^ crcB) >>> 0;
}
