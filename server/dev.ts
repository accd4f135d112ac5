// `npm run dev`: the server from source with tsx, the pages from Vite's dev server (hot reload).
import type { ServerBuild } from "react-router";
import { createServer } from "vite";
import { loadConfig } from "./config";
import { runProcess } from "./process";
import { runWeb } from "./web";

runProcess(async () => {
  const config = loadConfig();
  const vite = await createServer({ server: { middlewareMode: true } });
  await runWeb(config, {
    build: () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
    assets: vite.middlewares,
  });
});
