// The test build (`CLAIM_FIXTURES=1 react-router build` into build-test/), skipped when nothing it is
// built from has changed since the last one: `npm test` run again after a test-only edit starts
// testing at once instead of spending a build (about 20 s here) on the same output. What it is built
// from: every file git knows under the folders below (tracked, or new and not ignored), the root's
// build configuration and lockfile, the Node version, and the environment variables the build reads.
// A failed or interrupted build leaves no digest, so the next run builds again.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

const OUT = "build-test";
const DIGEST = path.join(OUT, ".inputs-sha256");
const FOLDERS = ["app", "server", "claims", "content", "public", "tests/fixtures"];
const ROOT_FILES = ["package.json", "package-lock.json", "vite.config.ts", "react-router.config.ts", "tsconfig.json"];
const env = { ...process.env, CLAIM_FIXTURES: "1" };

function inputsDigest() {
  const listed = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard", "--", ...FOLDERS, ...ROOT_FILES], {
    encoding: "utf8",
  });
  const files = [...new Set(listed.split("\0").filter(Boolean))].sort();
  const hash = createHash("sha256");
  hash.update(`node ${process.version}\nCLAIM_FIXTURES=${env.CLAIM_FIXTURES}\n`);
  for (const file of files) {
    // A file git lists may be deleted in the work tree and not yet staged.
    if (!fs.existsSync(file)) continue;
    hash.update(`${file}\0`);
    hash.update(fs.readFileSync(file));
    hash.update("\0");
  }
  return hash.digest("hex");
}

/** Null outside a git work tree (a tarball of the sources): the build then always runs. */
function digestOrNull() {
  try {
    return inputsDigest();
  } catch (error) {
    console.warn(`Building ${OUT}/: its sources could not be listed with git (${error.message.split("\n")[0]}).`);
    return null;
  }
}

const digest = digestOrNull();
const built = digest !== null && fs.existsSync(path.join(OUT, "server", "index.js")) && fs.existsSync(DIGEST) && fs.readFileSync(DIGEST, "utf8") === digest;
if (built && process.env.TEST_BUILD !== "always") {
  console.log(`${OUT}/ is built from the current sources: not building it again (TEST_BUILD=always does).`);
} else {
  fs.rmSync(DIGEST, { force: true });
  execFileSync("npx", ["react-router", "build"], { stdio: "inherit", env });
  if (digest) fs.writeFileSync(DIGEST, digest);
}
