import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // The test of the production build (tests/e2e/production-build.test.ts) builds into a directory of its own.
  buildDirectory: process.env.NURU_BUILD_DIR ?? "build",
} satisfies Config;
