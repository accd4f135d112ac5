import type { Config } from "@react-router/dev/config";
import { testBuild } from "./vite.config";

export default {
  ssr: true,
  // One file per server entry (vite.config.ts): server/index.js (web) and server/worker.js.
  serverBuildFile: "[name].js",
  // Test builds (with the fixture claim) never overwrite the production build.
  buildDirectory: testBuild ? "build-test" : "build",
} satisfies Config;
