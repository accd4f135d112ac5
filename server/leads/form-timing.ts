import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The form's timing token (docs/decisions/026): the time the server rendered a claim form, and the
 * times each step was posted when JavaScript is off, signed with a key derived from the session
 * secret. It carries no answers. The timed honeypot reads the render time from it; the certificate's
 * fill facts read the step times; intake reads the version of the consent text the form was shown
 * (docs/decisions/055), which the signature keeps a visitor from changing.
 */

/** Steps posted without JavaScript that a token remembers; older ones are dropped (a visitor going back and forth). */
export const MAX_TRAIL = 40;
/** Longer than any token we sign: anything longer is not ours. */
const MAX_TOKEN_LENGTH = 2_000;

interface TimingPayload {
  /** The claim's slug: a token of one form says nothing about another. */
  f: string;
  /** When the form was rendered (ms since the epoch, the server's clock). */
  r: number;
  /** [step index, ms] for every step posted by Previous or Next, oldest first. */
  p: Array<[number, number]>;
  /** The published consent text version the form showed; null for the built-in, unversioned text. Absent in older tokens. */
  c?: number | null;
}

export type FormTimingCheck =
  | { status: "missing" }
  | { status: "forged" }
  | {
      status: "valid";
      renderedAt: Date;
      elapsedMs: number;
      /** Time spent on each step, by step index, from the server's clock (only when steps were posted). */
      stepMs: number[] | null;
      /** The consent text version the form showed (null: the built-in text), when the token says. */
      consentVersion?: number | null;
    };

export type FormTiming = ReturnType<typeof createFormTiming>;

/** `secret` is the session secret (config or the stored one); the signing key is derived from it, never the secret itself. */
export function createFormTiming(secret: () => Promise<string>, now: () => Date = () => new Date()) {
  let key: Promise<Buffer> | null = null;
  const signingKey = () =>
    (key ??= secret().then((s) => createHmac("sha256", s).update("claim-form-timing-v1").digest()));

  async function sign(payload: TimingPayload): Promise<string> {
    const body = Buffer.from(JSON.stringify(payload)).toString("base64url");
    return `${body}.${createHmac("sha256", await signingKey()).update(body).digest("base64url")}`;
  }

  async function read(token: unknown, slug: string): Promise<TimingPayload | "missing" | "forged"> {
    if (token === undefined || token === null || token === "") return "missing";
    if (typeof token !== "string" || token.length > MAX_TOKEN_LENGTH) return "forged";
    const [body, signature, extra] = token.split(".");
    if (!body || !signature || extra !== undefined) return "forged";
    const expected = createHmac("sha256", await signingKey()).update(body).digest();
    const actual = Buffer.from(signature, "base64url");
    if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return "forged";
    const payload = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as TimingPayload;
    // Genuine but for another claim's form: its times say nothing about this one.
    return payload.f === slug ? payload : "forged";
  }

  return {
    /** A new token for a form rendered now, showing the consent text of `consentVersion` (null: the built-in text). */
    issue(slug: string, consentVersion?: number | null): Promise<string> {
      return sign({ f: slug, r: now().getTime(), p: [], ...(consentVersion === undefined ? {} : { c: consentVersion }) });
    },

    /**
     * The token after `step` was posted (Previous or Next without JavaScript). A missing or forged
     * token goes back unchanged: re-signing it would turn a forgery into a genuine token.
     */
    async advance(token: unknown, slug: string, step: number): Promise<string | undefined> {
      const payload = await read(token, slug);
      if (payload === "missing" || payload === "forged") return typeof token === "string" ? token.slice(0, MAX_TOKEN_LENGTH) : undefined;
      const p = [...payload.p, [step, now().getTime()] as [number, number]].slice(-MAX_TRAIL);
      return sign({ ...payload, p });
    },

    /** What a submitted token says, at `at`. */
    async check(token: unknown, slug: string, at: Date, stepCount: number): Promise<FormTimingCheck> {
      const payload = await read(token, slug);
      if (payload === "missing" || payload === "forged") return { status: payload };
      const renderedAt = payload.r;
      return {
        status: "valid",
        renderedAt: new Date(renderedAt),
        elapsedMs: Math.max(0, at.getTime() - renderedAt),
        stepMs: payload.p.length ? stepTimes(renderedAt, payload.p, at.getTime(), stepCount) : null,
        ...(payload.c === undefined ? {} : { consentVersion: payload.c }),
      };
    },
  };
}

/**
 * Each step's time: from the previous post (or the render) to the post that left it; the last step's
 * from the last post to the submit. A trail cut at MAX_TRAIL starts at its first remembered post.
 */
function stepTimes(renderedAt: number, trail: Array<[number, number]>, submittedAt: number, stepCount: number): number[] {
  const times = new Array<number>(stepCount).fill(0);
  let since = trail.length === MAX_TRAIL ? null : renderedAt;
  for (const [step, at] of trail) {
    if (since !== null && step >= 0 && step < stepCount) times[step]! += Math.max(0, at - since);
    since = at;
  }
  times[stepCount - 1]! += Math.max(0, submittedAt - (since ?? submittedAt));
  return times;
}
