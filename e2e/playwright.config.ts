import { defineConfig } from "@playwright/test";
import { launchOptions, resolveBrowser } from "../scripts/browser.ts";

// The one rule (scripts/browser.ts): CHROMIUM_PATH, else the npm package's Chromium, else the system's.
const browser = resolveBrowser();

export default defineConfig({
  testDir: "./tests",
  globalSetup: "./global-setup.ts",
  workers: 1,
  fullyParallel: false,
  // One retry, as Playwright's own CI template has: the list reporter still names a test that passed
  // only on its retry ("flaky"), and a test that fails twice fails the run (docs/decisions.md).
  retries: 1,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [["list"]],
  outputDir: "./test-results",
  use: {
    // Set by global-setup (the stack it started) or by the caller (a stack already running).
    baseURL: process.env.E2E_BASE_URL,
    browserName: "chromium",
    viewport: { width: 1440, height: 900 },
    launchOptions: launchOptions(browser),
    trace: "off",
    screenshot: "only-on-failure",
  },
});
