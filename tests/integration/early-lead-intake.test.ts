import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApiApp } from "../support/api-app";
import { mvaAnswers } from "#claims/mva/examples";

/**
 * The lead API's plain post is answered before Express (server/http/early-lead-intake.ts, kept because
 * intake misses its goal without it: docs/decisions/053). Whichever path answers, the client must not
 * tell: the same requests, in the same order, to the production composition and to Express alone (each
 * on a database of its own) get the same status, headers and body.
 */
let early: Awaited<ReturnType<typeof startApiApp>>;
let express: Awaited<ReturnType<typeof startApiApp>>;
beforeAll(async () => {
  [early, express] = await Promise.all([startApiApp(), startApiApp({}, { expressOnly: true })]);
});
afterAll(async () => {
  await Promise.all([early?.close(), express?.close()]);
});

type App = typeof early;
type Send = (app: App) => Promise<Response>;

const json = (body: unknown, headers: Record<string, string> = {}): Send => (app) => app.post("/api/leads/mva", body, headers);
const raw =
  (init: { body?: string | (() => Readable); headers?: Record<string, string>; auth?: boolean; method?: string; path?: string }): Send =>
  (app) =>
    fetch(app.url + (init.path ?? "/api/leads/mva"), {
      method: init.method ?? "POST",
      headers: { ...(init.auth === false ? {} : app.supplier.headers), ...init.headers },
      // A stream is sent chunked, without Content-Length.
      ...(typeof init.body === "function" ? { body: Readable.toWeb(init.body()) as ReadableStream, duplex: "half" } : { body: init.body }),
    } as RequestInit);

const person = (n: number) => ({ em: `pipeline.${n}@example.com`, ph: `(415) 555-${String(2600 + n)}` });
const oversized = () => JSON.stringify(mvaAnswers({ notes: "x".repeat(40 * 1024) }));

/** In order: later rows see what earlier ones saved (a replay, a conflict, a duplicate person). */
const REQUESTS: [string, Send][] = [
  ["a new lead", json(mvaAnswers(person(1)))],
  ["the same person again", json(mvaAnswers(person(1)))],
  ["with a submission key", json(mvaAnswers({ ...person(2), submissionKey: "pipeline-key-0001" }))],
  ["the same key and answers again (a replay)", json(mvaAnswers({ ...person(2), submissionKey: "pipeline-key-0001" }))],
  ["the same key with other answers (a conflict)", json(mvaAnswers({ ...person(3), submissionKey: "pipeline-key-0001" }))],
  ["answers that fail the schema", json(mvaAnswers({ ...person(4), em: "not an address", st: "Atlantis" }))],
  ["an empty object", json({})],
  ["a JSON array", json([1, 2])],
  ["a JSON string", json('"text"')],
  ["malformed JSON", json("{not json")],
  ["an empty body", raw({ body: "", headers: { "content-type": "application/json" } })],
  ["a byte-order mark before the JSON", raw({ body: `\uFEFF${JSON.stringify(mvaAnswers(person(5)))}`, headers: { "content-type": "application/json" } })],
  ["charset=utf-8", raw({ body: JSON.stringify(mvaAnswers(person(6))), headers: { "content-type": "application/json; charset=utf-8" } })],
  ["over 32 KB without Content-Length", raw({ body: () => Readable.from([oversized()]), headers: { "content-type": "application/json" } })],
  ["over 32 KB with Content-Length", raw({ body: oversized(), headers: { "content-type": "application/json" } })],
  ["no supplier key", raw({ body: JSON.stringify(mvaAnswers(person(7))), headers: { "content-type": "application/json" }, auth: false })],
  ["a wrong supplier key", raw({ body: JSON.stringify(mvaAnswers(person(7))), headers: { "content-type": "application/json", authorization: "Bearer lsk_wrong" }, auth: false })],
  ["text/plain", raw({ body: JSON.stringify(mvaAnswers(person(8))), headers: { "content-type": "text/plain" } })],
  ["charset=latin1", raw({ body: JSON.stringify(mvaAnswers(person(9))), headers: { "content-type": "application/json; charset=latin1" } })],
  ["an unknown claim", raw({ path: "/api/leads/no-such-claim", body: "{}", headers: { "content-type": "application/json" } })],
  ["GET", raw({ method: "GET" })],
  ["a trailing slash", raw({ path: "/api/leads/mva/", body: JSON.stringify(mvaAnswers(person(10))), headers: { "content-type": "application/json" } })],
];

/** What may differ between two servers: the time, the connection, and the ids each database drew. */
const VARYING_HEADERS = new Set(["date", "connection", "keep-alive"]);
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
const CERTIFICATE_ID = /cert=\w+/g;

async function answerOf(response: Response) {
  const headers = Object.fromEntries([...response.headers].filter(([name]) => !VARYING_HEADERS.has(name)));
  const text = await response.text();
  const body = text.replace(UUID, "<uuid>").replace(CERTIFICATE_ID, "cert=<id>");
  // Content-Length follows the body, whose ids may differ in length: compared through the body.
  delete headers["content-length"];
  return { status: response.status, headers, body };
}

/** The statuses the production composition answered the table with. */
const answered = new Set<number>();

describe("the lead API answers alike before Express and in it", () => {
  it.each(REQUESTS.map(([name], index) => [name, index] as const))("%s", async (_name, index) => {
    const send = REQUESTS[index]![1];
    // One at a time and in order on both, so each sees the same earlier leads.
    const first = await answerOf(await send(early));
    const second = await answerOf(await send(express));
    answered.add(first.status);
    expect(first).toEqual(second);
  });

  it("covers every answer of the early path and of the requests it passes on", () => {
    expect([...answered].sort()).toEqual([200, 201, 400, 401, 404, 405, 409, 413, 415]);
  });
});
