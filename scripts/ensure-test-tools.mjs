// Makes sure the Debian packages the tests use are installed: Chromium for the browser tests (never a
// browser build of its own) and nginx for the reverse-proxy test (docs/deploy.md's site file).
import { execSync } from "node:child_process";
import fs from "node:fs";

const needed = [
  { path: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", pkg: "chromium" },
  { path: "/usr/sbin/nginx", pkg: "nginx-light" },
].filter(({ path }) => !fs.existsSync(path));

if (needed.length) {
  const packages = needed.map(({ pkg }) => pkg).join(" ");
  console.log(`${needed.map(({ path }) => path).join(", ")} not found; installing Debian's ${packages}...`);
  const sudo = process.getuid?.() === 0 ? "" : "sudo ";
  execSync(`${sudo}apt-get update && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y ${packages}`, { stdio: "inherit" });
}
