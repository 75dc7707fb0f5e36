import path from "node:path";
import { defineConfig } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3100);
const DATA_DIR = path.resolve("test-results/e2e-data");
process.env.E2E_DATA_DIR = DATA_DIR;

/**
 * End-to-end tests in Debian's Chromium (no browser download). The portal runs as `npm start`
 * would, on its own fresh SQLite database with the demo school. Specs that flip global settings
 * (maintenance) run last, alone.
 */
export default defineConfig({
  testDir: "e2e",
  fullyParallel: false,
  workers: 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"], ["json", { outputFile: "test-reports/e2e.json" }]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    locale: "es-EC",
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"],
    },
  },
  projects: [
    { name: "main", testIgnore: /global-settings\//, use: { browserName: "chromium" } },
    {
      name: "global-settings",
      testMatch: /global-settings\/.*\.spec\.ts/,
      dependencies: ["main"],
      use: { browserName: "chromium" },
    },
  ],
  webServer: {
    command: "node scripts/e2e-server.mjs",
    url: `http://localhost:${PORT}/api/health`,
    env: { PORT: String(PORT), E2E_DATA_DIR: DATA_DIR },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "pipe",
    stderr: "pipe",
  },
});
