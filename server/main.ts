// The production server. `react-router build` bundles this file, the Express app, the services and
// the pages into build/server/index.js (vite.config.ts), which `npm start` and `npm run serve` run with node.
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { ServerBuild } from "react-router";
import * as build from "virtual:react-router/server-build";
import { ConfigError, loadConfig } from "./config";
import { builtAssets } from "./http/app";
import { runProcess } from "./process";
import { runWeb } from "./web";

runProcess(async () => {
  const config = loadConfig();
  if (!config.isProduction) {
    throw new ConfigError("The built server runs with NODE_ENV=production (`npm start` and `npm run serve` set it); develop with `npm run dev`.");
  }
  // build/server/index.js serves build/client, wherever the build directory is.
  const clientDir = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "client");
  await runWeb(config, { build: build as ServerBuild, assets: builtAssets(clientDir) });
});
