import { createHash, hkdfSync, randomBytes, randomUUID } from "node:crypto";
import { Secret, TOTP } from "otpauth";
import { renderSVG } from "uqr";
import { writeTransaction, type Db } from "../db/database";
import { createSecretBox, SecretBoxError, type SecretBox } from "../secrets/secret-box";

export const TOTP_PERIOD_SECONDS = 30;
export const RECOVERY_CODE_COUNT = 10;
const ISSUER_FALLBACK = "Claims admin";
// Crockford's base32 without look-alikes: a code read off paper is typed back right.
const RECOVERY_ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
const normaliseRecoveryCode = (code: string) => code.toLowerCase().replace(/[^0-9a-z]/g, "");
const sealContext = (operatorId: string) => `operator:${operatorId}:totp`;

/**
 * The box that seals TOTP secrets: SECRETS_KEY's when it is set; without it, a key derived from the
 * session secret by HKDF (docs/decisions/044), so that two-step log-in works on a set-up that stores no
 * buyer credentials. Secrets sealed under the derived key still open after SECRETS_KEY is added.
 */
export function secondFactorBoxes(secretsKey: string | null, sessionSecret: string): { seal: SecretBox; open: SecretBox[] } {
  const derived = createSecretBox(Buffer.from(hkdfSync("sha256", sessionSecret, Buffer.alloc(0), "claim-intake operator totp v1", 32)).toString("hex"));
  const primary = secretsKey ? createSecretBox(secretsKey) : derived;
  return { seal: primary, open: secretsKey ? [primary, derived] : [derived] };
}

function openWith(boxes: SecretBox[], sealed: string, context: string): string {
  for (const box of boxes) {
    try {
      return box.open(sealed, context);
    } catch (error) {
      if (!(error instanceof SecretBoxError)) throw error;
    }
  }
  throw new SecretBoxError("The two-step log-in secret cannot be opened: SECRETS_KEY or SESSION_SECRET changed since it was set up.");
}

function openOrNull(boxes: SecretBox[], sealed: string, context: string): string | null {
  try {
    return openWith(boxes, sealed, context);
  } catch (error) {
    if (error instanceof SecretBoxError) return null;
    throw error;
  }
}

function totpOf(secretBase32: string, email: string, issuer: string) {
  return new TOTP({ issuer, label: email, algorithm: "SHA1", digits: 6, period: TOTP_PERIOD_SECONDS, secret: Secret.fromBase32(secretBase32) });
}

/** What an authenticator app needs: the otpauth:// URI, the secret as text, and the URI as a QR code (SVG made here). */
export function enrolment(secretBase32: string, email: string, issuer: string) {
  const uri = totpOf(secretBase32, email, issuer).toString();
  return { uri, secret: secretBase32.replace(/(.{4})/g, "$1 ").trim(), qrSvg: renderSVG(uri, { border: 2 }) };
}

function newRecoveryCode(): string {
  const bytes = randomBytes(10);
  const text = Array.from(bytes, (b) => RECOVERY_ALPHABET[b % 32]).join("");
  return `${text.slice(0, 5)}-${text.slice(5)}`;
}

/**
 * TOTP (RFC 6238: SHA-1, 6 digits, 30 s, one step either side for clock drift) and one-time recovery
 * codes. A code is accepted once: its step is stored, and a code of that step or an earlier one is
 * refused (RFC 6238 5.2). Recovery codes: 10 of 50 random bits each, shown once, kept as SHA-256.
 */
export function createSecondFactor(deps: { db: Db; boxes: { seal: SecretBox; open: SecretBox[] }; issuer?: string; now: () => Date }) {
  const { db, boxes, now } = deps;
  const issuer = deps.issuer || ISSUER_FALLBACK;

  async function operator(operatorId: string) {
    return db.selectFrom("operators").select(["id", "email", "totp_secret", "totp_enabled_at", "totp_last_step"]).where("id", "=", operatorId).executeTakeFirst();
  }

  /** The step of `code` if it is valid now and newer than the last one used; and marks it used. */
  async function acceptCode(operatorId: string, sealed: string, email: string, code: string): Promise<boolean> {
    const token = code.replace(/\s/g, "");
    if (!/^\d{6}$/.test(token)) return false;
    // A secret sealed under a key since changed cannot prove anything: recovery codes still can.
    const secret = openOrNull(boxes.open, sealed, sealContext(operatorId));
    if (secret === null) return false;
    const at = now().getTime();
    const delta = totpOf(secret, email, issuer).validate({ token, timestamp: at, window: 1 });
    if (delta === null) return false;
    const step = Math.floor(at / 1000 / TOTP_PERIOD_SECONDS) + delta;
    const used = await db
      .updateTable("operators")
      .set({ totp_last_step: step })
      .where("id", "=", operatorId)
      .where((eb) => eb.or([eb("totp_last_step", "is", null), eb("totp_last_step", "<", step)]))
      .executeTakeFirst();
    return Number(used.numUpdatedRows) === 1;
  }

  async function replaceRecoveryCodes(trx: Db, operatorId: string): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await trx.deleteFrom("operator_recovery_codes").where("operator_id", "=", operatorId).execute();
    const at = now().toISOString();
    await trx
      .insertInto("operator_recovery_codes")
      .values(codes.map((code) => ({ id: randomUUID(), operator_id: operatorId, code_sha256: sha256(normaliseRecoveryCode(code)), created_at: at, used_at: null })))
      .execute();
    return codes;
  }

  return {
    /** Whether the operator has a second factor, and how many recovery codes are left. */
    async status(operatorId: string) {
      const row = await operator(operatorId);
      const left = await db
        .selectFrom("operator_recovery_codes")
        .select((eb) => eb.fn.countAll<string | number>().as("n"))
        .where("operator_id", "=", operatorId)
        .where("used_at", "is", null)
        .executeTakeFirst();
      const secret = row?.totp_secret && !row.totp_enabled_at ? openOrNull(boxes.open, row.totp_secret, sealContext(operatorId)) : null;
      const pending = secret && row ? enrolment(secret, row.email, issuer) : null;
      return { enabled: Boolean(row?.totp_enabled_at), enabledAt: row?.totp_enabled_at ?? null, recoveryCodesLeft: Number(left?.n ?? 0), pending };
    },

    /** A new secret, sealed and waiting for its first code; replaces an unfinished one. */
    async start(operatorId: string) {
      const row = await operator(operatorId);
      if (!row) return { ok: false as const, message: "There is no such operator." };
      if (row.totp_enabled_at) return { ok: false as const, message: "Two-step log-in is already on. Turn it off first to set up a new authenticator." };
      const secret = new Secret({ size: 20 }).base32;
      await db.updateTable("operators").set({ totp_secret: boxes.seal.seal(secret, sealContext(operatorId)), totp_last_step: null }).where("id", "=", operatorId).execute();
      return { ok: true as const, ...enrolment(secret, row.email, issuer) };
    },

    /** Turns it on with the first code from the app; gives the recovery codes (their only copy). */
    async confirm(operatorId: string, code: string) {
      const row = await operator(operatorId);
      if (!row?.totp_secret || row.totp_enabled_at) return { ok: false as const, message: "Start setting up two-step log-in first." };
      if (!(await acceptCode(operatorId, row.totp_secret, row.email, code))) {
        return { ok: false as const, message: "That code is not right. Enter the 6-digit code your authenticator app shows now." };
      }
      const codes = await writeTransaction(db, async (trx) => {
        await trx.updateTable("operators").set({ totp_enabled_at: now().toISOString() }).where("id", "=", operatorId).execute();
        return replaceRecoveryCodes(trx, operatorId);
      });
      return { ok: true as const, recoveryCodes: codes };
    },

    /** Whether `code` (a 6-digit TOTP code or a recovery code) proves the second factor; a recovery code is used up. */
    async verify(operatorId: string, code: string): Promise<{ ok: true; with: "totp" | "recovery-code" } | { ok: false }> {
      const row = await operator(operatorId);
      if (!row?.totp_secret || !row.totp_enabled_at) return { ok: false };
      const trimmed = code.trim().slice(0, 64);
      if (/^\d[\d\s]*$/.test(trimmed)) return (await acceptCode(operatorId, row.totp_secret, row.email, trimmed)) ? { ok: true, with: "totp" } : { ok: false };
      const normalised = normaliseRecoveryCode(trimmed);
      if (normalised.length !== 10) return { ok: false };
      const used = await db
        .updateTable("operator_recovery_codes")
        .set({ used_at: now().toISOString() })
        .where("operator_id", "=", operatorId)
        .where("code_sha256", "=", sha256(normalised))
        .where("used_at", "is", null)
        .executeTakeFirst();
      return Number(used.numUpdatedRows) === 1 ? { ok: true, with: "recovery-code" } : { ok: false };
    },

    /** New recovery codes in place of the old ones. */
    async regenerate(operatorId: string) {
      return writeTransaction(db, (trx) => replaceRecoveryCodes(trx, operatorId));
    },

    /** Turns it off: the secret and the recovery codes are deleted. */
    async disable(trx: Db, operatorId: string) {
      await trx.updateTable("operators").set({ totp_secret: null, totp_enabled_at: null, totp_last_step: null }).where("id", "=", operatorId).execute();
      await trx.deleteFrom("operator_recovery_codes").where("operator_id", "=", operatorId).execute();
    },
  };
}

export type SecondFactor = ReturnType<typeof createSecondFactor>;
