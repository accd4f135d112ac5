// Marketing pages against a static file server (issue 14, item 2), on the production build:
// `npm run bench:pages [-- options]` (it builds first).
//   --seconds N      seconds per measurement (default 10)
//   --connections N  concurrent connections (default 10)
//   --paths a,b      pages to measure (default the home page and the car-accident landing page)
// Starts the built server (its own SQLite file) and nginx (/usr/sbin/nginx, one worker, a temporary
// prefix) serving the very bytes the server sent for each page as a file (gzip_static, as a static
// site would be deployed), then measures both with autocannon, one after the other in the same run,
// with a browser's request headers (a browser is counted; a bot would be skipped). Each page is
// measured as one returning visitor and as many first-time visitors (a new X-Forwarded-For each
// request, TRUST_PROXY=true): each of those is a funnel event to record and a cookie to set.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { freePort, startServer, tempDir } from "../tests/support/server";

const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: "10" },
    connections: { type: "string", default: "10" },
    paths: { type: "string", default: "/,/mva-claim-landing" },
  },
});
const SECONDS = Number(values.seconds);
const CONNECTIONS = Number(values.connections);
const PATHS = values.paths.split(",");
const GOAL_RATIO = 0.4;

/** What Chromium sends for a top-level navigation. */
const BROWSER_HEADERS = {
  "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  accept: "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8",
  "accept-encoding": "gzip, deflate, br, zstd",
  "accept-language": "en-US,en;q=0.9",
  "sec-fetch-dest": "document",
  "sec-fetch-mode": "navigate",
  "sec-fetch-site": "none",
  "upgrade-insecure-requests": "1",
};

async function measure(url: string, visitors: "one" | "many") {
  let visitor = 0;
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: BROWSER_HEADERS,
    requests: [
      {
        setupRequest: (request) =>
          visitors === "one" ? request : { ...request, headers: { ...request.headers, "x-forwarded-for": `10.${(++visitor >> 16) & 255}.${(visitor >> 8) & 255}.${visitor & 255}` } },
      },
    ],
  });
  // A connection cut when the run ends can count as an error; more than a few means something broke.
  if (result.non2xx || result.errors > result.requests.total / 1000) throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return { requestsPerSecond: result.requests.average, p99Ms: result.latency.p99 };
}

async function startNginx(root: string): Promise<{ url: string; process: ChildProcess }> {
  const port = await freePort();
  const prefix = tempDir("bench-nginx");
  fs.mkdirSync(path.join(prefix, "logs"));
  const conf = path.join(prefix, "nginx.conf");
  fs.writeFileSync(
    conf,
    `daemon off;
worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/logs/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  default_type text/html;
  gzip_static on;
  gzip_vary on;
  server {
    listen 127.0.0.1:${port};
    root ${root};
    location / { try_files $uri $uri/index.html =404; }
  }
}
`,
  );
  const process = spawn("/usr/sbin/nginx", ["-p", prefix, "-c", conf], { stdio: ["ignore", "inherit", "inherit"] });
  const url = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries++) {
    try {
      await fetch(url);
      return { url, process };
    } catch (error) {
      if (tries > 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

const server = await startServer({ TRUST_PROXY: "true", LOG_LEVEL: "warn" }, undefined, { buildDir: "build" });
const root = tempDir("bench-pages-root");
// nginx's worker (nobody, when started as root) reads the files.
fs.chmodSync(root, 0o755);
let nginx: Awaited<ReturnType<typeof startNginx>> | undefined;
try {
  for (const page of PATHS) {
    // The same bytes as the server sends (identity), and their gzip for gzip_static.
    const html = Buffer.from(await (await fetch(server.url + page, { headers: { ...BROWSER_HEADERS, "accept-encoding": "identity" } })).arrayBuffer());
    const file = path.join(root, page === "/" ? "index.html" : `${page.slice(1)}.html`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, html);
    fs.writeFileSync(`${file}.gz`, gzipSync(html, { level: 9 }));
  }
  nginx = await startNginx(root);
  console.log(`${CONNECTIONS} connections, ${SECONDS} s each, browser headers (Accept-Encoding: ${BROWSER_HEADERS["accept-encoding"]})\n`);
  console.log(`${"page".padEnd(22)} ${"visitors".padEnd(9)} ${"app req/s".padStart(10)} ${"nginx req/s".padStart(12)} ${"ratio".padStart(6)}  app p99`);
  const lowest = { one: Infinity, many: Infinity };
  for (const page of PATHS) {
    const nginxFigures = await measure(nginx.url + (page === "/" ? "/" : `/${page.slice(1)}.html`), "one");
    for (const visitors of ["one", "many"] as const) {
      const app = await measure(server.url + page, visitors);
      const ratio = app.requestsPerSecond / nginxFigures.requestsPerSecond;
      lowest[visitors] = Math.min(lowest[visitors], ratio);
      console.log(
        `${page.padEnd(22)} ${visitors.padEnd(9)} ${app.requestsPerSecond.toFixed(0).padStart(10)} ${nginxFigures.requestsPerSecond.toFixed(0).padStart(12)} ${ratio.toFixed(2).padStart(6)}  ${app.p99Ms} ms`,
      );
    }
  }
  console.log(`\na browser's requests (one visitor): lowest ratio ${lowest.one.toFixed(2)}, goal >= ${GOAL_RATIO}: ${lowest.one >= GOAL_RATIO ? "ok" : "below the goal"}`);
  console.log(`a new visitor each request (each one a funnel event written to the database): lowest ratio ${lowest.many.toFixed(2)}`);
} finally {
  nginx?.process.kill("SIGTERM");
  await server.stop();
}
