import http from "node:http";
import type { AddressInfo } from "node:net";

/** "ok", never answer, answer "ok" only when the test calls `release()`, a status, or a status with a JSON or text body. */
export type Behaviour = "ok" | "hang" | "hold" | number | { status: number; json: unknown } | { status: number; text: string | Uint8Array };

export interface ReceivedRequest {
  headers: http.IncomingHttpHeaders;
  body: string;
  at: number;
}

/**
 * A local HTTP endpoint standing in for the operator's webhook or a partner: each request takes what
 * `decide` says for it, else the next queued behaviour, else `fallback`; every request is recorded.
 */
export async function startFakeReceiver(fallback: Behaviour = "ok", port = 0, decide?: (request: ReceivedRequest) => Behaviour | undefined) {
  const queue: Behaviour[] = [];
  const received: ReceivedRequest[] = [];
  const hanging = new Set<http.ServerResponse>();
  const held = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const request = { headers: req.headers, body: Buffer.concat(chunks).toString("utf8"), at: Date.now() };
      received.push(request);
      const behaviour = decide?.(request) ?? queue.shift() ?? fallback;
      if (behaviour === "hang") return void hanging.add(res);
      if (behaviour === "hold") return void held.add(res);
      if (behaviour === "ok") return void res.writeHead(200, { "content-type": "application/json" }).end('{"ok":true}');
      if (typeof behaviour === "number") return void res.writeHead(behaviour).end();
      if ("text" in behaviour) return void res.writeHead(behaviour.status, { "content-type": "text/plain; charset=utf-8" }).end(behaviour.text);
      res.writeHead(behaviour.status, { "content-type": "application/json" }).end(JSON.stringify(behaviour.json));
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const actualPort = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${actualPort}/hook`,
    port: actualPort,
    received,
    respondNext(...behaviours: Behaviour[]) {
      queue.push(...behaviours);
    },
    /** Answers every request held by "hold" with 200. */
    release() {
      for (const res of held) res.writeHead(200, { "content-type": "application/json" }).end('{"ok":true}');
      held.clear();
    },
    async close() {
      for (const res of [...hanging, ...held]) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Polls until `check` holds (no fixed sleeps); fails with `what` after `timeoutMs`. */
export async function waitFor(check: () => Promise<boolean> | boolean, what: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
