import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * What one fake buyer does with a ping, after waiting `delayMs` (and, with `after`, until each bidder
 * named there has been pinged): answer with a status and a JSON or text body, or drop the connection
 * without answering (a network error on our side). `after` proves pings go out in parallel without
 * timing them: pinged one after another, the first bidder would never answer.
 */
export type BidderBehaviour = { delayMs?: number; after?: readonly string[] } & ({ status?: number; json: unknown } | { status?: number; text: string } | { drop: true });

export interface ReceivedPing {
  headers: http.IncomingHttpHeaders;
  body: unknown;
  at: number;
}

/**
 * Local ping-post buyers on one server on 127.0.0.1, each at a path of its own (`urlOf(name)`), every
 * ping recorded. Delayed answers are timers that `close()` clears, so nothing outlives the test.
 */
export async function startFakeBidders(behaviours: Readonly<Record<string, BidderBehaviour>>) {
  const received = new Map<string, ReceivedPing[]>(Object.keys(behaviours).map((name) => [name, []]));
  const timers = new Set<NodeJS.Timeout>();
  /** Pings whose answer waits for other bidders' pings (`after`). */
  const held = new Set<{ ready(): boolean; release(): void }>();
  const server = http.createServer((req, res) => {
    const name = decodeURIComponent(new URL(req.url ?? "/", "http://bidders").pathname.slice(1));
    const behaviour = behaviours[name];
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      if (!behaviour) return void res.writeHead(404).end();
      const text = Buffer.concat(chunks).toString("utf8");
      received.get(name)!.push({ headers: req.headers, body: JSON.parse(text) as unknown, at: Date.now() });
      let timer: NodeJS.Timeout | undefined;
      const release = () => {
        timer = setTimeout(() => {
          timers.delete(timer!);
          answer(res, behaviour);
        }, behaviour.delayMs ?? 0);
        timers.add(timer);
      };
      const waiting = { ready: () => (behaviour.after ?? []).every((other) => (received.get(other)?.length ?? 0) > 0), release };
      held.add(waiting);
      for (const hold of [...held]) {
        if (hold.ready()) {
          held.delete(hold);
          hold.release();
        }
      }
      // A ping the auction gave up on is not answered later.
      res.on("close", () => {
        held.delete(waiting);
        if (timer) clearTimeout(timer);
        timers.delete(timer!);
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    urlOf: (name: string) => `http://127.0.0.1:${port}/${encodeURIComponent(name)}`,
    received,
    async close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type FakeBidders = Awaited<ReturnType<typeof startFakeBidders>>;

function answer(res: http.ServerResponse, behaviour: BidderBehaviour) {
  if ("drop" in behaviour) return void res.socket?.destroy();
  const status = behaviour.status ?? 200;
  if ("text" in behaviour) return void res.writeHead(status, { "content-type": "text/plain; charset=utf-8" }).end(behaviour.text);
  res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(behaviour.json));
}
