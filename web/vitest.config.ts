import { availableParallelism } from "node:os";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

export default defineConfig({
  plugins: [react()],
  test: {
    environment: "jsdom",
    include: ["src/**/*.test.{ts,tsx}"],
    testTimeout: 20_000,
    setupFiles: ["./vitest.setup.ts"],
    // Vitest's default leaves one core to the main process; on CI's 2 cores that is one worker, and
    // the 93 files' imports (Ant Design, jsdom) ran one after another: 285 s against 183 s with two.
    // At least two, and the default on a larger machine.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
