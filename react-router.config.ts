import type { Config } from "@react-router/dev/config";
import { testBuild } from "./vite.config";

export default {
  ssr: true,
  // Test builds (with the fixture claim) never overwrite the production build.
  buildDirectory: testBuild ? "build-test" : "build",
} satisfies Config;
