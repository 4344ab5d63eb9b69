import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // The smoke test builds (or loads) a chain, starts servers and may build the web app.
    testTimeout: 600_000,
    hookTimeout: 60_000,
  },
});
