import { defineConfig } from "vitest/config";

// Two projects: fast unit specs beside the code, and API integration specs that run against a
// real database (DB_ENGINE=sqlite or postgres, one fresh database per run).
export default defineConfig({
  test: {
    // Two cores here: two workers keep the suite parallel without thrashing.
    maxWorkers: 2,
    minWorkers: 1,
    projects: [
      {
        test: {
          name: "unit",
          include: ["packages/**/*.test.ts", "apps/server/src/**/*.test.ts", "apps/web/src/**/*.test.ts"],
          environment: "node",
          // The PDF pool's tests start a worker thread that loads pdf-lib and our modules through
          // tsx: about a second here, but past vitest's default 5 s once on a busy CI machine.
          testTimeout: 15_000,
        },
      },
      {
        test: {
          name: "integration",
          include: ["apps/server/test/**/*.spec.ts"],
          environment: "node",
          globalSetup: ["apps/server/test/global-setup.ts"],
          pool: "forks",
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
