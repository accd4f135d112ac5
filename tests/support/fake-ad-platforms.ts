import http from "node:http";
import type { AddressInfo } from "node:net";

// Local stand-ins for Google Ads (OAuth token, UploadClickConversions, UploadConversionAdjustments) and
// Meta's Conversions API (POST /{pixel_id}/events). Each checks a request against the shape the platform
// documents and answers as the platform does: a 400 in its error format naming the first problem, else
// its success answer. `down` makes every endpoint answer 503, as a platform having an outage.

export interface PlatformRequest {
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The JSON body, or the form fields of the token request. */
  body: Record<string, unknown>;
}

export const FAKE_GOOGLE = {
  developerToken: "dev-token-123",
  clientId: "client-id.apps.googleusercontent.com",
  clientSecret: "client-secret",
  refreshToken: "1//refresh-token",
  accessToken: "ya29.fake-access-token",
};
export const FAKE_META_TOKEN = "EAAB-fake-meta-token";

const HEX64 = /^[0-9a-f]{64}$/;
const GOOGLE_DATE_TIME = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d[+-]\d\d:\d\d$/;
const ACTION = /^customers\/\d{10}\/conversionActions\/\d+$/;
const META_ACTION_SOURCES = ["email", "website", "app", "phone_call", "chat", "physical_store", "system_generated", "business_messaging", "other"];

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => value !== null && typeof value === "object" && !Array.isArray(value);

function googleAuthProblem(headers: http.IncomingHttpHeaders): string | null {
  if (headers.authorization !== `Bearer ${FAKE_GOOGLE.accessToken}`) return "authorization must be the OAuth access token";
  if (headers["developer-token"] !== FAKE_GOOGLE.developerToken) return "developer-token header missing or wrong";
  if (!String(headers["content-type"]).startsWith("application/json")) return "content-type must be JSON";
  return null;
}

function clickConversionProblem(body: Json): string | null {
  if (body.partialFailure !== true) return "partialFailure must be true";
  if (typeof body.validateOnly !== "boolean") return "validateOnly must be a boolean";
  const conversions = body.conversions;
  if (!Array.isArray(conversions) || conversions.length === 0) return "conversions[] is required";
  for (const c of conversions as Json[]) {
    if (!ACTION.test(String(c.conversionAction))) return "conversionAction must be customers/{id}/conversionActions/{id}";
    if (!GOOGLE_DATE_TIME.test(String(c.conversionDateTime))) return "conversionDateTime must be yyyy-mm-dd hh:mm:ss+|-hh:mm";
    const identifiers = (c.userIdentifiers ?? []) as Json[];
    if (!c.gclid && identifiers.length === 0) return "a gclid or user identifiers are required";
    if (identifiers.length > 5) return "at most 5 user identifiers";
    for (const id of identifiers) {
      const keys = Object.keys(id);
      if (keys.length !== 1 || !["hashedEmail", "hashedPhoneNumber"].includes(keys[0]!)) return "each UserIdentifier holds exactly one of hashedEmail, hashedPhoneNumber";
      if (!HEX64.test(String(Object.values(id)[0]))) return "identifiers must be SHA-256 lower-case hex";
    }
    if ("conversionValue" in c && (typeof c.conversionValue !== "number" || !/^[A-Z]{3}$/.test(String(c.currencyCode)))) return "conversionValue is a number with an ISO 4217 currencyCode";
  }
  return null;
}

function adjustmentProblem(body: Json): string | null {
  if (body.partialFailure !== true) return "partialFailure must be true";
  const adjustments = body.conversionAdjustments;
  if (!Array.isArray(adjustments) || adjustments.length === 0) return "conversionAdjustments[] is required";
  for (const a of adjustments as Json[]) {
    if (!ACTION.test(String(a.conversionAction))) return "conversionAction must be customers/{id}/conversionActions/{id}";
    if (!["RETRACTION", "RESTATEMENT"].includes(String(a.adjustmentType))) return "adjustmentType must be RETRACTION or RESTATEMENT";
    if (!GOOGLE_DATE_TIME.test(String(a.adjustmentDateTime))) return "adjustmentDateTime must be yyyy-mm-dd hh:mm:ss+|-hh:mm";
    if (!a.orderId && !a.gclidDateTimePair) return "orderId or gclidDateTimePair is required";
    const value = a.restatementValue as Json | undefined;
    if (a.adjustmentType === "RESTATEMENT" && (!isObject(value) || typeof value.adjustedValue !== "number")) return "a RESTATEMENT needs restatementValue.adjustedValue";
    if (a.adjustmentType === "RETRACTION" && value) return "a RETRACTION takes no restatementValue";
  }
  return null;
}

function metaProblem(body: Json, now: number): string | null {
  if (body.access_token !== FAKE_META_TOKEN) return "Invalid OAuth access token";
  const data = body.data;
  if (!Array.isArray(data) || data.length === 0 || data.length > 1000) return "data must be an array of 1 to 1000 events";
  for (const event of data as Json[]) {
    if (typeof event.event_name !== "string" || !event.event_name) return "event_name is required";
    if (!Number.isInteger(event.event_time)) return "event_time must be a Unix timestamp in seconds";
    const age = now / 1000 - (event.event_time as number);
    if (age > 7 * 86_400 || age < -600) return "event_time must be within the last 7 days";
    if (!META_ACTION_SOURCES.includes(String(event.action_source))) return "action_source is not one Meta documents";
    const user = event.user_data as Json | undefined;
    if (!isObject(user)) return "user_data is required";
    if (event.action_source === "website" && (!event.event_source_url || !user.client_user_agent)) return "website events need event_source_url and client_user_agent";
    for (const key of ["em", "ph"]) {
      if (key in user && (!Array.isArray(user[key]) || !(user[key] as unknown[]).every((v) => HEX64.test(String(v))))) return `${key} must be SHA-256 lower-case hex`;
    }
    if ("fbc" in user && !/^fb\.1\.\d{13}\..+$/.test(String(user.fbc))) return "fbc must be fb.1.{creation time ms}.{fbclid}";
    const custom = event.custom_data as Json | undefined;
    if (event.event_name === "Purchase" && (!isObject(custom) || typeof custom.value !== "number" || !/^[A-Z]{3}$/.test(String(custom.currency)))) return "Purchase needs custom_data.value and currency";
  }
  return null;
}

export async function startFakeAdPlatforms() {
  const received: PlatformRequest[] = [];
  const problems: string[] = [];
  let down = false;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      const path = req.url ?? "";
      const json = (status: number, answer: unknown) => res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(answer));
      if (down) return json(503, { error: { code: 503, message: "The service is currently unavailable.", status: "UNAVAILABLE" } });
      if (req.method !== "POST") return json(405, { error: { message: "POST only" } });
      if (path === "/token") {
        const form = Object.fromEntries(new URLSearchParams(text));
        received.push({ path, headers: req.headers, body: form });
        const ok = form.grant_type === "refresh_token" && form.client_id === FAKE_GOOGLE.clientId && form.client_secret === FAKE_GOOGLE.clientSecret && form.refresh_token === FAKE_GOOGLE.refreshToken;
        if (!ok) return problems.push("token: bad refresh request"), json(400, { error: "invalid_grant" });
        return json(200, { access_token: FAKE_GOOGLE.accessToken, expires_in: 3599, token_type: "Bearer", scope: "https://www.googleapis.com/auth/adwords" });
      }
      let body: Json;
      try {
        body = JSON.parse(text) as Json;
      } catch {
        problems.push(`${path}: body is not JSON`);
        return json(400, { error: { message: "Invalid JSON payload" } });
      }
      received.push({ path, headers: req.headers, body });
      const google = /^\/v\d+\/customers\/(\d{10}):(uploadClickConversions|uploadConversionAdjustments)$/.exec(path);
      if (google) {
        const problem = googleAuthProblem(req.headers) ?? (google[2] === "uploadClickConversions" ? clickConversionProblem(body) : adjustmentProblem(body));
        if (problem) return problems.push(`${path}: ${problem}`), json(400, { error: { code: 400, message: problem, status: "INVALID_ARGUMENT" } });
        const results = google[2] === "uploadClickConversions" ? (body.conversions as Json[]).map((c) => ({ gclid: c.gclid, conversionAction: c.conversionAction, conversionDateTime: c.conversionDateTime })) : (body.conversionAdjustments as Json[]).map((a) => ({ conversionAction: a.conversionAction, adjustmentType: a.adjustmentType, orderId: a.orderId }));
        return json(200, { results, jobId: "1" });
      }
      const meta = /^\/v\d+\.\d+\/(\d+)\/events$/.exec(path);
      if (meta) {
        const problem = metaProblem(body, Date.now());
        if (problem) return problems.push(`${path}: ${problem}`), json(400, { error: { message: problem, type: "OAuthException", code: 100, fbtrace_id: "Afake" } });
        return json(200, { events_received: (body.data as unknown[]).length, messages: [], fbtrace_id: "Afake" });
      }
      problems.push(`unknown path ${path}`);
      return json(404, { error: { message: `no ${path}` } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    received,
    problems,
    setDown(value: boolean) {
      down = value;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
