import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // The smoke test builds (or loads) a chain, starts servers and may build the web app.
    testTimeout: 1_260_000,
    hookTimeout: 60_000,
    // One file at a time: the gas test and the smoke test each start anvil (and the smoke test
    // servers under load); side by side on a 2-core machine they would slow each other down.
    fileParallelism: false,
  },
});
