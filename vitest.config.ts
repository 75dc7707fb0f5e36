import { defineConfig } from "vitest/config";

// Three projects: fast unit specs beside the code, the web app's component tests in a DOM, and API
// integration specs that run against a real database (DB_ENGINE=sqlite or postgres, one fresh
// database per run).
export default defineConfig({
  test: {
    // Two cores here: two workers keep the suite parallel without thrashing.
    maxWorkers: 2,
    minWorkers: 1,
    // A worker keeps its modules from one spec file to the next (Vitest isolates each file by
    // default): each integration file imported the whole server afresh, and 140 s of the SQLite
    // run's 218 went to that. Now SQLite 218 → 118 s, PostgreSQL 255 → 146 s, unit 31 → 10 s.
    // Safe here because no spec mocks a module or leaves a global changed (one spyOn, restored
    // after each test; fake timers restored), and each integration spec builds its own app
    // (test/support/test-app.ts); both engines and the unit tests also passed with the files
    // shuffled. Set only here: Vitest 3 ignores it in a project's own options.
    isolate: false,
    projects: [
      {
        test: {
          name: "unit",
          include: [
            "packages/**/*.test.ts",
            "apps/server/src/**/*.test.ts",
            "apps/web/src/**/*.test.ts",
            "scripts/**/*.test.ts",
          ],
          environment: "node",
          // The PDF pool's tests start a worker thread that loads pdf-lib and our modules through
          // tsx: about a second here, but past vitest's default 5 s once on a busy CI machine.
          testTimeout: 15_000,
        },
      },
      {
        // The web app's component tests (*.test.tsx beside the component, docs/web.md "Component
        // tests"): a DOM (jsdom) and Testing Library's cleanup, which the node-only specs need not pay
        // for. Run it with --isolate (test:unit and npm test do): without isolation a later spec file
        // gets modules bound to the first file's jsdom document and finds nothing.
        test: {
          name: "web",
          include: ["apps/web/src/**/*.test.tsx"],
          environment: "jsdom",
          setupFiles: ["apps/web/src/test/setup.ts"],
          // A screen's first render compiles its lazy chunks; on a loaded two-core machine that
          // passed the default 5 s once.
          testTimeout: 20_000,
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
