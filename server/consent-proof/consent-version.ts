import { sha256Hex } from "../certificates/canonical-json";

export interface ConsentTextVersion {
  /** 'ct-' and the first 16 hex digits of the SHA-256: the same text has the same version on every instance, forever. */
  version: string;
  sha256: string;
}

const VERSION_PREFIX = "ct-";
const known = new Map<string, ConsentTextVersion>();
/** A site has a handful of consent texts; the cache only saves hashing the same one for every lead (the seed makes millions). */
const MAX_KNOWN = 64;

/** The version id and SHA-256 (hex, of the UTF-8 text) of a consent text, derived from the text alone (docs/decisions/026). */
export function consentTextVersion(text: string): ConsentTextVersion {
  const cached = known.get(text);
  if (cached) return cached;
  const sha256 = sha256Hex(text);
  const version = { version: VERSION_PREFIX + sha256.slice(0, 16), sha256 };
  if (known.size >= MAX_KNOWN) known.clear();
  known.set(text, version);
  return version;
}
