// Makes sure Debian's Chromium is installed for the browser tests (never downloads a browser build).
import { execSync } from "node:child_process";
import fs from "node:fs";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (!fs.existsSync(CHROMIUM)) {
  console.log(`Chromium not found at ${CHROMIUM}; installing Debian's chromium package...`);
  const sudo = process.getuid?.() === 0 ? "" : "sudo ";
  execSync(`${sudo}apt-get update && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y chromium`, { stdio: "inherit" });
}
