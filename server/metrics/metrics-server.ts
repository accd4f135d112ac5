import http from "node:http";
import type { metricsHandler } from "./metrics";

/** A listener for GET /metrics alone (the standalone worker's); anything else is a 404. */
export async function serveMetrics(handler: ReturnType<typeof metricsHandler>, host: string, port: number): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    if (req.method === "GET" && new URL(req.url ?? "/", "http://metrics").pathname === "/metrics") return void handler(req, res);
    res.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" }).end("Not Found");
  });
  await new Promise<void>((resolve, reject) => server.once("error", reject).listen(port, host, resolve));
  return server;
}
