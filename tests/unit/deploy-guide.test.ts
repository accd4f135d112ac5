import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { loadConfig } from "../../server/config";
import { NGINX_SITE_FILE } from "../../tools/nginx";
import { tempDir } from "../../tools/server";

// docs/deploy.md against what the repository has and what the tests run: its config blocks are the
// files in deploy/ byte for byte, its scripts and settings exist, its systemd units are valid and run
// what package.json's scripts run, and every command in it is either run here or checked by a rule
// below (an unknown command fails: give it a rule).

const GUIDE = fs.readFileSync("docs/deploy.md", "utf8");
const ENV_FILE = "deploy/claims.env";
const UNITS = { web: "deploy/systemd/claims-web@.service", worker: "deploy/systemd/claims-worker@.service" } as const;
const packageJson = JSON.parse(fs.readFileSync("package.json", "utf8")) as { scripts: Record<string, string> };
const configSource = fs.readFileSync("server/config.ts", "utf8");

/** Names and scripts the backup-and-metrics work adds (README, server/config.ts) in parallel with this guide. */
const FROM_BACKUP_WORK = { settings: ["BACKUP_DIR", "BACKUP_INTERVAL_HOURS", "BACKUP_KEEP", "METRICS_TOKEN"], scripts: ["backup", "restore"] };
/** Shell variables the guide itself sets for its commands. */
const GUIDE_VARIABLES = ["DOMAIN", "REPOSITORY", "PASSWORD"];

const blocks = [...GUIDE.matchAll(/^```(\w*)\n([\s\S]*?)^```$/gm)].map(([, lang, body]) => ({ lang: lang!, body: body! }));
const envBlock = blocks.find((block) => block.body.startsWith("# /etc/claims/claims.env"));
/** Every command line of the guide's sh blocks (the settings file is not commands). */
const commands = blocks
  .filter((block) => block.lang === "sh" && block !== envBlock)
  .flatMap((block) => block.body.split("\n"))
  .filter((line) => line.trim() && !line.startsWith("#"));

const readByConfig = (name: string) => new RegExp(`\\b${name}:`).test(configSource);
const scriptNamed = (name: string) => name in packageJson.scripts;

function settingsNamed(text: string): Set<string> {
  const inBackticks = [...text.matchAll(/`([A-Z][A-Z0-9_]{2,})(=[^`]*)?`/g)].map((m) => m[1]!);
  const assigned = [...text.matchAll(/^([A-Z][A-Z0-9_]{2,})=/gm)].map((m) => m[1]!);
  return new Set([...inBackticks, ...assigned].filter((name) => !GUIDE_VARIABLES.includes(name)));
}

/** A systemd unit file as sections of key -> values (a key may repeat). */
function unitFile(file: string): Record<string, Record<string, string[]>> {
  const sections: Record<string, Record<string, string[]>> = {};
  let current: Record<string, string[]> | undefined;
  for (const line of fs.readFileSync(file, "utf8").split("\n")) {
    if (!line.trim() || line.startsWith("#")) continue;
    const section = /^\[(\w+)\]$/.exec(line);
    if (section) {
      current = sections[section[1]!] = {};
      continue;
    }
    const setting = /^(\w+)=(.*)$/.exec(line);
    if (!setting || !current) throw new Error(`${file}: cannot read "${line}"`);
    (current[setting[1]!] ??= []).push(setting[2]!);
  }
  return sections;
}

/** A package.json script "A=1 B=2 node file" as its environment and its command's words. */
function scriptParts(script: string) {
  const words = script.split(" ");
  const env = words.filter((word) => /^[A-Z_]+=/.test(word));
  return { env, argv: words.slice(env.length) };
}

describe("docs/deploy.md", () => {
  it("shows the nginx site file the proxy test runs, byte for byte", () => {
    const nginxBlocks = blocks.filter((block) => block.lang === "nginx");
    expect(nginxBlocks).toHaveLength(1);
    expect(nginxBlocks[0]!.body).toBe(fs.readFileSync(NGINX_SITE_FILE, "utf8"));
  });

  it("shows the settings file deploy/claims.env, byte for byte", () => {
    expect(envBlock?.body).toBe(fs.readFileSync(ENV_FILE, "utf8"));
  });

  it("names only settings that server/config.ts reads", () => {
    const names = [...settingsNamed(GUIDE), ...settingsNamed(fs.readFileSync(ENV_FILE, "utf8"))];
    const checklist = ["SITE_NAME", "SITE_PHONE", "SITE_EMAIL", "SITE_URL", "ADMIN_PASSWORD", "SESSION_SECRET", "SECRETS_KEY", "CERTIFICATE_SIGNING_KEY", "METRICS_TOKEN", "TRUST_PROXY", "HSTS", "RUN_WORKER"];
    const checked = [...GUIDE.matchAll(/^- \[ \] (.*)$/gm)].map((m) => m[1]!).join("\n");
    for (const name of checklist) expect(checked, name).toMatch(new RegExp(`\`${name}[=\`]`));
    const unknown = [...new Set(names)].filter((name) => !readByConfig(name) && !FROM_BACKUP_WORK.settings.includes(name));
    expect(unknown).toEqual([]);
  });

  it("names only npm scripts that package.json has", () => {
    const named = new Set([...GUIDE.matchAll(/npm run ([\w:-]+)/g)].map((m) => m[1]!));
    expect([...named].filter((name) => !scriptNamed(name) && !FROM_BACKUP_WORK.scripts.includes(name))).toEqual([]);
    expect(named).toContain("migrate-to-postgres");
  });

  // Added in parallel by the backup-and-metrics work: this fails until both are merged.
  it("names the backup and metrics settings and scripts that server/config.ts and package.json have", () => {
    expect(FROM_BACKUP_WORK.settings.filter((name) => GUIDE.includes(name) && !readByConfig(name))).toEqual([]);
    expect(FROM_BACKUP_WORK.scripts.filter((name) => GUIDE.includes(`npm run ${name}`) && !scriptNamed(name))).toEqual([]);
  });

  it("gives a Prometheus scrape config with the bearer token, a target for the web instance and one for the worker", () => {
    const yaml = blocks.filter((block) => block.lang === "yaml");
    expect(yaml).toHaveLength(1);
    const config = parseYaml(yaml[0]!.body) as { scrape_configs: Record<string, unknown>[] };
    const [job] = config.scrape_configs;
    expect(job).toMatchObject({ metrics_path: "/metrics", authorization: { type: "Bearer", credentials_file: expect.any(String) } });
    const webPorts = [...GUIDE.matchAll(/claims-web@(\d+)/g)].map((m) => m[1]!);
    expect((job!.static_configs as { targets: string[] }[])[0]!.targets).toEqual(["127.0.0.1:3000", "127.0.0.1:9101"]);
    expect(webPorts).toContain("3000");
    // claims-worker@1 serves its own /metrics on the port its unit names.
    expect(unitFile(UNITS.worker).Service!.Environment).toContain("WORKER_METRICS_PORT=910%i");
    expect(GUIDE).toContain("claims-worker@1");
  });

  it("its secret commands, pasted into the settings file, make a configuration the server accepts", () => {
    const generators = commands.filter((line) => line.startsWith("openssl "));
    expect(generators).toHaveLength(5);
    const [adminPassword, sessionSecret, secretsKey, signingKey, metricsToken] = generators.map((line) =>
      execFileSync("sh", ["-c", line], { encoding: "utf8" }).trim(),
    );
    const filled = fs
      .readFileSync(ENV_FILE, "utf8")
      .replace(/^ADMIN_PASSWORD=$/m, `ADMIN_PASSWORD=${adminPassword}`)
      .replace(/^SESSION_SECRET=$/m, `SESSION_SECRET=${sessionSecret}`)
      .replace(/^SECRETS_KEY=$/m, `SECRETS_KEY=${secretsKey}`)
      // "pasted between single quotes", as the guide says: one line with literal \n's.
      .replace(/^CERTIFICATE_SIGNING_KEY=$/m, `CERTIFICATE_SIGNING_KEY='${signingKey}'`)
      .replace(/^METRICS_TOKEN=$/m, `METRICS_TOKEN=${metricsToken}`);
    expect(signingKey).toMatch(/^-----BEGIN PRIVATE KEY-----\\n.+\\n-----END PRIVATE KEY-----\\n$/);
    const file = path.join(tempDir("claims-env"), "claims.env");
    fs.writeFileSync(file, filled);
    // The settings as deploy/run-with-settings (the guide's way to run scripts) gives them to a command.
    const printed = execFileSync("deploy/run-with-settings", [process.execPath, "-e", "console.log(JSON.stringify(process.env))"], {
      encoding: "utf8",
      env: { PATH: process.env.PATH, CLAIMS_ENV_FILE: file },
    });
    const env = JSON.parse(printed) as Record<string, string>;
    expect(env).toMatchObject({ SITE_NAME: "Example Claim Advocates", SITE_PHONE: "(800) 555-0100", METRICS_TOKEN: metricsToken, NODE_ENV: "production" });
    const config = loadConfig(env);
    expect(config).toMatchObject({
      isProduction: true,
      siteUrl: "https://claims.example.com",
      trustProxy: 1,
      hsts: true,
      adminPassword,
      sessionSecret,
      database: { engine: "sqlite", file: "/srv/claims/data/app.db" },
    });
    expect(config.secretsKey).toBe(secretsKey);
    expect(config.certificateSigningKey).not.toBeNull();
    // The units set these; EnvironmentFile= would override the units' values.
    for (const name of ["NODE_ENV", "HOST", "PORT", "RUN_WORKER"]) expect(filled).not.toMatch(new RegExp(`^${name}=`, "m"));
  });

  it("its sed puts the domain where claims.example.com is, and nowhere else", () => {
    const sed = commands.find((line) => line.includes(" sed -i "))!;
    const dir = tempDir("claims-sed");
    const copy = path.join(dir, "claims");
    fs.copyFileSync(NGINX_SITE_FILE, copy);
    execFileSync("sh", ["-c", sed.replace(/^sudo /, "").replace("/etc/nginx/sites-available/claims", copy)], { env: { ...process.env, DOMAIN: "leads.example.org" } });
    const before = fs.readFileSync(NGINX_SITE_FILE, "utf8").split("\n");
    const after = fs.readFileSync(copy, "utf8").split("\n");
    const changed = before.flatMap((line, i) => (line === after[i] ? [] : [[line.trim(), after[i]!.trim()]]));
    expect(changed).toEqual([
      ["# /etc/nginx/sites-available/claims; replace claims.example.com with the site's domain. One", "# /etc/nginx/sites-available/claims; replace leads.example.org with the site's domain. One"],
      ["server_name claims.example.com;", "server_name leads.example.org;"],
      ["server_name claims.example.com;", "server_name leads.example.org;"],
      ["ssl_certificate /etc/letsencrypt/live/claims.example.com/fullchain.pem;", "ssl_certificate /etc/letsencrypt/live/leads.example.org/fullchain.pem;"],
      ["ssl_certificate_key /etc/letsencrypt/live/claims.example.com/privkey.pem;", "ssl_certificate_key /etc/letsencrypt/live/leads.example.org/privkey.pem;"],
    ]);
  });

  it("has a rule for every command, and the commands agree with the repository", () => {
    const units = new Set(Object.values(UNITS).map((file) => path.basename(file).replace("@.service", "@")));
    const unchecked: string[] = [];
    for (const line of commands) {
      const words = line.replace(/^sudo (-u (claims|postgres) )?/, "").split(" ");
      const [tool] = words;
      if (tool === "openssl" || tool === "sed") continue; // run by the tests above
      if (tool === "npm" || (tool === "deploy/run-with-settings" && words[1] === "npm")) {
        const npm = words.slice(words.indexOf("npm"));
        if (npm[1] === "ci") expect(fs.existsSync("package-lock.json")).toBe(true);
        else {
          expect(npm[1]).toBe("run");
          expect(scriptNamed(npm[2]!) || FROM_BACKUP_WORK.scripts.includes(npm[2]!), line).toBe(true);
        }
        // The arguments tests/integration/migrate-to-postgres.test.ts passes.
        if (npm[2] === "migrate-to-postgres") expect(npm.slice(3, 5)).toEqual(["--", "--to"]);
      } else if (tool === "install") {
        for (const file of words.filter((word) => word.startsWith("deploy/"))) expect(fs.existsSync(file), line).toBe(true);
      } else if (tool === "systemctl" && /claims-/.test(line)) {
        for (const unit of words.filter((word) => word.startsWith("claims-"))) expect(units, line).toContain(unit.replace(/\d+$/, ""));
      } else if (
        // The host's own setup, which a test cannot do (root, the network, a real domain); what in them
        // refers to this repository (paths, unit names, the domain variable) is checked above or here.
        /^(apt-get install|useradd --system|git (clone|pull)|cd \/srv\/claims|sudoedit \/etc\/claims\/claims\.env|ln -s|nginx -t|systemctl (daemon-reload|reload nginx)|createuser|createdb|DOMAIN=|certbot certonly --nginx -d "\$DOMAIN")/.test(
          words.join(" "),
        )
      ) {
        continue;
      } else if (tool === "psql" && words.join(" ").includes("CREATE ROLE claims")) {
        // The role tests/integration/audit-chain.test.ts runs the app as: not a superuser (issue 25).
        expect(line).toContain("CREATE ROLE claims LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS PASSWORD");
        expect(fs.readFileSync("tests/integration/audit-chain.test.ts", "utf8")).toContain("LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS PASSWORD");
      } else if (tool === "curl") {
        // tests/integration/behind-nginx.test.ts asks nginx for /healthz before anything else.
        expect(line).toBe('curl -fsS "https://$DOMAIN/healthz"');
      } else {
        unchecked.push(line);
      }
    }
    expect(unchecked).toEqual([]);
    // The clone is where the units run from.
    expect(commands).toContain('sudo -u claims git clone "$REPOSITORY" /srv/claims');
  });
});

describe("the systemd units", () => {
  const verify = spawnSync("systemd-analyze", ["--version"]).status === 0;

  it.runIf(verify)("pass systemd-analyze verify without a warning", () => {
    const dir = tempDir("claims-units");
    for (const file of Object.values(UNITS)) fs.copyFileSync(file, path.join(dir, path.basename(file)));
    for (const instance of ["claims-web@3000.service", "claims-worker@1.service"]) {
      const result = spawnSync("systemd-analyze", ["verify", path.join(dir, instance)], { encoding: "utf8" });
      expect({ status: result.status, stderr: result.stderr }, instance).toEqual({ status: 0, stderr: "" });
    }
  });

  it.each([
    ["web", UNITS.web, "serve"],
    ["worker", UNITS.worker, "worker"],
  ] as const)("the %s unit (%s) runs what `npm run %s` runs, with the settings file", (_name, file, script) => {
    const unit = unitFile(file);
    const { env, argv } = scriptParts(packageJson.scripts[script]!);
    const [program, ...args] = unit.Service!.ExecStart![0]!.split(" ");
    expect(path.basename(program!)).toBe(argv[0]);
    expect(path.isAbsolute(program!)).toBe(true);
    expect(args).toEqual(argv.slice(1));
    for (const assignment of env) expect(unit.Service!.Environment).toContain(assignment);
    expect(unit.Service).toMatchObject({ WorkingDirectory: ["/srv/claims"], EnvironmentFile: ["/etc/claims/claims.env"], User: ["claims"], KillSignal: ["SIGTERM"] });
    expect(unit.Install).toEqual({ WantedBy: ["multi-user.target"] });
    // systemd waits longer than the process's own drain deadline before it kills it.
    expect(Number(unit.Service!.TimeoutStopSec![0]) * 1000).toBeGreaterThan(loadConfig({}).shutdownDeadlineMs);
  });

  it("web instances listen on 127.0.0.1 at the instance's port and leave deliveries to the workers", () => {
    expect(unitFile(UNITS.web).Service!.Environment).toEqual(expect.arrayContaining(["HOST=127.0.0.1", "PORT=%i", "RUN_WORKER=false"]));
  });
});
