import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { NGINX, runNginx } from "../../tools/nginx";
import { freePort, tempDir } from "../../tools/server";
import { BROWSER_HEADERS } from "./browser-request";

export interface ThroughputFigures {
  /** One returning visitor: what a reload or a CDN's revalidation costs. */
  appRequestsPerSecond: number;
  /** A visitor never seen on every request: each is a funnel event and a first-touch cookie. */
  appNewVisitorRequestsPerSecond: number;
  /** Null when nginx is not installed. */
  nginxRequestsPerSecond: number | null;
  bytes: number;
}

/**
 * Requests per second of a browser's GET of `url` with autocannon; fails on any answer but 200. With
 * `newVisitorEach`, every request comes from another address (X-Forwarded-For: the app must trust it).
 */
export async function requestsPerSecond(url: string, seconds: number, { newVisitorEach = false, connections = 10 } = {}): Promise<number> {
  let visitor = 0;
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    headers: { ...BROWSER_HEADERS, accept: "text/html" },
    requests: [
      {
        setupRequest: (request) =>
          newVisitorEach ? { ...request, headers: { ...request.headers, "x-forwarded-for": `10.${(++visitor >> 16) & 255}.${(visitor >> 8) & 255}.${visitor & 255}` } } : request,
      },
    ],
  });
  // A connection cut as the run ends can count as an error; more than a few means something broke.
  const wrong = result.non2xx + result.timeouts + (result.errors > result.requests.total / 1000 ? result.errors : 0);
  if (wrong) throw new Error(`${url}: ${wrong} of ${result.requests.total} requests were not answered 200`);
  return result.requests.total / (result.duration || seconds);
}

/**
 * The landing page from the app against nginx serving the same bytes as a file, as a static site is
 * deployed: `gzip_static` with the page gzipped once at level 9 (nginx-light has no brotli), one worker
 * as the app is one process; one after the other in the same run. The app must trust X-Forwarded-For.
 */
export async function measureLandingThroughput(appUrl: string, page: string, seconds: number): Promise<ThroughputFigures> {
  const html = Buffer.from(await (await fetch(appUrl + page, { headers: { ...BROWSER_HEADERS, "accept-encoding": "identity" } })).arrayBuffer());
  const appRequestsPerSecond = await requestsPerSecond(appUrl + page, seconds);
  const appNewVisitorRequestsPerSecond = await requestsPerSecond(appUrl + page, seconds, { newVisitorEach: true });
  const figures = { appRequestsPerSecond, appNewVisitorRequestsPerSecond, bytes: html.length };
  if (!fs.existsSync(NGINX)) return { ...figures, nginxRequestsPerSecond: null };

  const dir = tempDir("bench-nginx");
  fs.mkdirSync(path.join(dir, "root"));
  fs.writeFileSync(path.join(dir, "root", "page.html"), html);
  fs.writeFileSync(path.join(dir, "root", "page.html.gz"), gzipSync(html, { level: 9 }));
  // Started by root, nginx's workers run as an unprivileged user: they must be able to read the page.
  fs.chmodSync(dir, 0o755);
  fs.chmodSync(path.join(dir, "root"), 0o755);
  const port = await freePort();
  const nginxUrl = `http://127.0.0.1:${port}${page}`;
  let nginx: Awaited<ReturnType<typeof runNginx>> | null = null;
  try {
    nginx = await runNginx({
      dir,
      workerConnections: 1024,
      http: [
        "access_log off;",
        "gzip_static on;",
        "gzip_vary on;",
        `server { listen 127.0.0.1:${port}; location = ${page} { default_type "text/html; charset=utf-8"; alias ${dir}/root/page.html; } }`,
      ],
      ready: () => fetch(nginxUrl).then((response) => response.ok, () => false),
      timeoutMs: 10_000,
    });
    const served = Buffer.from(await (await fetch(nginxUrl, { headers: { ...BROWSER_HEADERS, "accept-encoding": "identity" } })).arrayBuffer());
    if (!served.equals(html)) throw new Error("nginx does not serve the bytes the app rendered");
    return { ...figures, nginxRequestsPerSecond: await requestsPerSecond(nginxUrl, seconds) };
  } finally {
    await nginx?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
