import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import { freePort, tempDir } from "../../tests/support/server";
import { BROWSER_HEADERS } from "./browser-request";

export const NGINX = "/usr/sbin/nginx";

export interface ThroughputFigures {
  appRequestsPerSecond: number;
  /** Null when nginx is not installed. */
  nginxRequestsPerSecond: number | null;
  bytes: number;
}

/** Requests per second of a browser's GET of `url` (gzip accepted) with autocannon; fails on any answer but 200. */
export async function requestsPerSecond(url: string, seconds: number, connections = 32): Promise<number> {
  const result = await autocannon({ url, connections, duration: seconds, headers: { ...BROWSER_HEADERS, accept: "text/html" } });
  const wrong = result.non2xx + result.errors + result.timeouts;
  if (wrong) throw new Error(`${url}: ${wrong} of ${result.requests.total} requests were not answered 200`);
  return result.requests.total / (result.duration || seconds);
}

/**
 * The landing page from the app against nginx serving the same bytes (the page as the app renders it,
 * saved to a file), gzip at the same level as the app's compression (zlib's default, 6), one nginx
 * worker as the app is one process; one after the other in the same run.
 */
export async function measureLandingThroughput(appUrl: string, page: string, seconds: number): Promise<ThroughputFigures> {
  const html = await (await fetch(appUrl + page, { headers: BROWSER_HEADERS })).text();
  const appRequestsPerSecond = await requestsPerSecond(appUrl + page, seconds);
  if (!fs.existsSync(NGINX)) return { appRequestsPerSecond, nginxRequestsPerSecond: null, bytes: Buffer.byteLength(html) };

  const dir = tempDir("bench-nginx");
  fs.mkdirSync(path.join(dir, "root"));
  fs.writeFileSync(path.join(dir, "root", "page.html"), html);
  // Started by root, nginx's workers run as an unprivileged user: they must be able to read the page.
  fs.chmodSync(dir, 0o755);
  fs.chmodSync(path.join(dir, "root"), 0o755);
  const port = await freePort();
  fs.writeFileSync(
    path.join(dir, "nginx.conf"),
    `worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  gzip on;
  gzip_comp_level 6;
  server {
    listen 127.0.0.1:${port};
    location = ${page} { default_type "text/html; charset=utf-8"; alias ${dir}/root/page.html; }
  }
}
`,
  );
  const nginx = spawn(NGINX, ["-p", dir, "-c", path.join(dir, "nginx.conf"), "-g", "daemon off;"], { stdio: ["ignore", "ignore", "pipe"] });
  let errors = "";
  nginx.stderr.on("data", (chunk) => (errors += chunk));
  const exited = new Promise<void>((resolve) => nginx.once("close", () => resolve()));
  try {
    const nginxUrl = `http://127.0.0.1:${port}${page}`;
    const deadline = Date.now() + 10_000;
    while (!(await fetch(nginxUrl).then((response) => response.ok, () => false))) {
      if (nginx.exitCode !== null || Date.now() > deadline) throw new Error(`nginx did not start: ${errors}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const served = await (await fetch(nginxUrl, { headers: BROWSER_HEADERS })).text();
    if (served !== html) throw new Error("nginx does not serve the bytes the app rendered");
    return { appRequestsPerSecond, nginxRequestsPerSecond: await requestsPerSecond(nginxUrl, seconds), bytes: Buffer.byteLength(html) };
  } finally {
    nginx.kill("SIGQUIT");
    await exited;
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
