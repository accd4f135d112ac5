// Makes sure the PostgreSQL server the tests use is reachable (npm test runs this first).
//
// TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) names a database the tests may
// connect to and create databases from. When the server is on this machine and down, the installed
// Debian cluster on that port is started with pg_ctlcluster; when no PostgreSQL is installed at all,
// Debian's `postgresql` package is installed with apt-get (root or sudo, as for Chromium), its
// cluster is started and its `postgres` role is trusted on 127.0.0.1/::1 only (a fresh server for
// tests). If the database in the URL is missing it is created. Anything else fails with a message.
import { execFileSync, execSync } from "node:child_process";
import fs from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { URL } from "node:url";
import pg from "pg";

const DEFAULT_TEST_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/test";
const MIN_MAJOR = 13; // DROP DATABASE ... WITH (FORCE); developed and run on 15

const url = new URL(process.env.TEST_DATABASE_URL || DEFAULT_TEST_DATABASE_URL);
const shown = redact(url);
const port = Number(url.port || 5432);
const local = ["127.0.0.1", "localhost", "[::1]", "::1", ""].includes(url.hostname);
const sudo = process.getuid?.() === 0 ? "" : "sudo ";

function redact(u) {
  const copy = new URL(u);
  if (copy.password) copy.password = "***";
  return copy.toString();
}

function fail(message) {
  console.error(`\nPostgreSQL for the tests: ${message}\n`);
  process.exit(1);
}

/** Connects once; resolves to null on success, or to the error. */
async function probe(target) {
  const client = new pg.Client({ connectionString: target.toString(), connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    const { rows } = await client.query("SHOW server_version_num");
    const major = Math.floor(Number(rows[0].server_version_num) / 10_000);
    if (major < MIN_MAJOR) fail(`${shown} runs PostgreSQL ${major}; the tests need ${MIN_MAJOR} or newer (15 recommended).`);
    return null;
  } catch (error) {
    return error;
  } finally {
    await client.end().catch(() => {});
  }
}

const unreachable = (error) => ["ECONNREFUSED", "ENOENT", "ECONNRESET", "57P03"].includes(error?.code) || /terminated|timeout/i.test(String(error?.message));

async function waitUntilReachable(seconds) {
  let error;
  for (let i = 0; i < seconds * 4; i++) {
    error = await probe(url);
    if (!error || !unreachable(error)) return error;
    await sleep(250);
  }
  return error;
}

function hasCommand(name) {
  try {
    execSync(`command -v ${name}`, { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

/** Debian clusters as [version, name, port, status]. */
function clusters() {
  return execFileSync("pg_lsclusters", ["--no-header"], { encoding: "utf8" })
    .split("\n")
    .filter(Boolean)
    .map((line) => line.trim().split(/\s+/));
}

function startClusterOnPort() {
  const cluster = clusters().find(([, , p]) => Number(p) === port);
  if (!cluster) return false;
  const [version, name, , status] = cluster;
  if (status !== "online") {
    console.log(`Starting PostgreSQL cluster ${version}/${name} on port ${port}...`);
    execSync(`${sudo}pg_ctlcluster --skip-systemctl-redirect ${version} ${name} start`, { stdio: "inherit" });
  }
  return true;
}

/** A server this script just installed: let the postgres role in without a password, on loopback only. */
function trustLocalPostgresRole() {
  const [version, name] = clusters().find(([, , p]) => Number(p) === port) ?? [];
  if (!version) return;
  const hba = `/etc/postgresql/${version}/${name}/pg_hba.conf`;
  // First lines win in pg_hba.conf.
  for (const address of ["::1/128", "127.0.0.1/32"]) execSync(`${sudo}sed -i '1i host all postgres ${address} trust' ${hba}`);
  execSync(`${sudo}pg_ctlcluster --skip-systemctl-redirect ${version} ${name} reload`, { stdio: "inherit" });
}

let error = await probe(url);
if (error && unreachable(error) && local) {
  if (hasCommand("pg_lsclusters") && clusters().length) {
    if (!startClusterOnPort()) fail(`nothing listens on port ${port} and no installed cluster uses that port (see pg_lsclusters).`);
  } else if (!hasCommand("postgres") && !fs.existsSync("/usr/lib/postgresql")) {
    console.log("PostgreSQL is not installed; installing Debian's postgresql package...");
    execSync(`${sudo}apt-get update && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y postgresql`, { stdio: "inherit" });
    if (!startClusterOnPort()) fail(`the postgresql package is installed but no cluster uses port ${port} (see pg_lsclusters).`);
    await waitUntilReachable(30);
    trustLocalPostgresRole();
  }
  error = await waitUntilReachable(30);
}

if (error?.code === "3D000") {
  // The server is there but the database in the URL is not: create it.
  const admin = new URL(url);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString(), connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    await client.query(`CREATE DATABASE "${decodeURIComponent(url.pathname.slice(1)).replace(/"/g, '""')}"`);
  } catch (createError) {
    fail(`${shown}: the database does not exist and could not be created (${createError.message}).`);
  } finally {
    await client.end().catch(() => {});
  }
  error = await probe(url);
}

if (error) {
  fail(
    `cannot connect to ${shown}: ${error.message || error.code}.\n` +
      "npm test runs the integration tests on PostgreSQL too. Start PostgreSQL 15 on this machine\n" +
      "(pg_ctlcluster 15 main start), or set TEST_DATABASE_URL to a server where this user may create databases.",
  );
}
