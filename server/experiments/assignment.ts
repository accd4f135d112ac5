import { createHash } from "node:crypto";

/**
 * The variant (0 to count - 1) a visitor sees in an experiment: a hash of the visitor's key (the
 * first-party first-touch cookie, server/attribution/) and the experiment's id, so the same visitor
 * always sees the same variant, each experiment splits visitors independently of the others, and no
 * assignment is stored. The hash's first 64 bits modulo 2 to 4: a bias below 2^-60.
 */
export function variantIndex(visitorKey: string, experimentId: string, count: number): number {
  const digest = createHash("sha256").update(`${experimentId}\n${visitorKey}`).digest();
  return Number(digest.readBigUInt64BE(0) % BigInt(count));
}
