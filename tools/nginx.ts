import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { freePort, tempDir } from "./server";

/** The nginx site file docs/deploy.md tells operators to install. */
export const NGINX_SITE_FILE = "deploy/nginx/claims.conf";
export const NGINX_SERVER_NAME = "claims.example.com";
export const NGINX = "/usr/sbin/nginx";

export interface TestPorts {
  /** The web instance nginx proxies to. */
  app: number;
  /** Stands in for 443: plain HTTP, with X-Forwarded-Proto https as if TLS had ended here. */
  https: number;
  /** Stands in for 80, the redirect to https. */
  http: number;
}

/**
 * Every line the test changes in the site file, and what it puts instead (null: the line goes), so
 * that it runs without root, certificates or IPv6: the upstream is the test's web instance, the
 * listens are free ports on 127.0.0.1, TLS is left out and nginx says https as it would after TLS.
 * Any other line is used as it is (tests/integration/behind-nginx.test.ts checks it).
 */
export function nginxTestChanges(ports: TestPorts): ReadonlyMap<string, string | null> {
  return new Map([
    ["server 127.0.0.1:3000;", `server 127.0.0.1:${ports.app};`],
    ["listen 80;", `listen 127.0.0.1:${ports.http};`],
    ["listen [::]:80;", null],
    ["listen 443 ssl http2;", `listen 127.0.0.1:${ports.https};`],
    ["listen [::]:443 ssl http2;", null],
    ["ssl_certificate /etc/letsencrypt/live/claims.example.com/fullchain.pem;", null],
    ["ssl_certificate_key /etc/letsencrypt/live/claims.example.com/privkey.pem;", null],
    ["ssl_protocols TLSv1.2 TLSv1.3;", null],
    ["ssl_session_cache shared:claims_tls:10m;", null],
    ["ssl_session_timeout 1d;", null],
    ["proxy_set_header X-Forwarded-Proto $scheme;", "proxy_set_header X-Forwarded-Proto https;"],
  ]);
}

/** The site file with `nginxTestChanges` applied line by line (indentation kept). */
export function nginxSiteForTest(site: string, ports: TestPorts): string {
  const changes = nginxTestChanges(ports);
  const lines: string[] = [];
  for (const line of site.split("\n")) {
    const change = changes.get(line.trim());
    if (change === undefined) lines.push(line);
    else if (change !== null) lines.push(line.replace(line.trim(), () => change));
  }
  return lines.join("\n");
}

export interface RunningNginx {
  ports: TestPorts;
  dir: string;
  stop(): Promise<void>;
}

/**
 * Debian's nginx in the foreground as a child of the test, on the site file made test-ready, inside
 * the http block a stock /etc/nginx/nginx.conf would give it (mime types; pid, logs and temp files
 * in a temporary prefix).
 */
export async function startNginx(appPort: number): Promise<RunningNginx> {
  const dir = tempDir("claims-nginx");
  const ports: TestPorts = { app: appPort, https: await freePort(), http: await freePort() };
  fs.writeFileSync(path.join(dir, "site.conf"), nginxSiteForTest(fs.readFileSync(NGINX_SITE_FILE, "utf8"), ports));
  const nginx = await runNginx({
    dir,
    http: ["include /etc/nginx/mime.types;", `access_log ${path.join(dir, "access.log")};`, `include ${path.join(dir, "site.conf")};`],
    ready: async () => (await proxied({ port: ports.https, path: "/healthz" }).catch(() => null))?.status === 200,
  });
  return { ports, dir, stop: nginx.stop };
}

/**
 * Debian's nginx in the foreground, a child of this process, with one worker and a configuration of
 * its own in `dir` (pid, logs and temp files there too) whose http block holds `http`. Resolves once
 * `ready` answers true; fails, with nginx's output and error log, if it exits or is not ready in time.
 * The landing-page bench (scripts/bench/landing-throughput.ts) runs its nginx with it too.
 */
export async function runNginx({
  dir,
  http,
  ready,
  workerConnections = 256,
  timeoutMs = 15_000,
}: {
  dir: string;
  http: string[];
  ready: () => Promise<boolean>;
  workerConnections?: number;
  timeoutMs?: number;
}): Promise<{ stop(): Promise<void> }> {
  if (!fs.existsSync(NGINX)) throw new Error(`${NGINX} is missing: install Debian's nginx (apt-get install nginx-light)`);
  const temp = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map((kind) => `${kind}_temp_path ${path.join(dir, kind)};`);
  fs.writeFileSync(
    path.join(dir, "nginx.conf"),
    [
      "daemon off;",
      "master_process on;",
      "worker_processes 1;",
      `pid ${path.join(dir, "nginx.pid")};`,
      `error_log ${path.join(dir, "error.log")} warn;`,
      `events { worker_connections ${workerConnections}; }`,
      "http {",
      ...[...temp, ...http].map((line) => `    ${line}`),
      "}",
      "",
    ].join("\n"),
  );
  const child = spawn(NGINX, ["-p", `${dir}/`, "-c", path.join(dir, "nginx.conf"), "-e", path.join(dir, "error.log")], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once("close", () => resolve()));
  let closed = false;
  void exited.then(() => (closed = true));

  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (closed) throw new Error(`nginx exited early:\n${output}\n${readLog(dir)}`);
    if (await ready()) break;
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`nginx did not start:\n${output}\n${readLog(dir)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    async stop() {
      // SIGQUIT is nginx's graceful stop: the master waits for its worker, then exits.
      if (!closed) child.kill("SIGQUIT");
      await exited;
    },
  };
}

function readLog(dir: string): string {
  const file = path.join(dir, "error.log");
  return fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "";
}

export interface ProxiedRequest {
  port: number;
  path: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** The client's own address: 127.0.0.2 and up are other "visitors" on the loopback interface. */
  from?: string;
}

export interface ProxiedAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One HTTP request with the Host a browser would send for the site (fetch may not set Host), from `from`. */
export function proxied({ port, path: target, method = "GET", headers = {}, body, from = "127.0.0.1" }: ProxiedRequest): Promise<ProxiedAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: "127.0.0.1", port, path: target, method, localAddress: from, agent: false, headers: { host: NGINX_SERVER_NAME, ...headers } },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk) => (text += chunk));
        response.on("end", () => resolve({ status: response.statusCode!, headers: response.headers, body: text }));
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}
