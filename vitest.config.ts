import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      { test: { name: "domain", include: ["packages/domain/src/**/*.test.ts"], environment: "node" } },
      { test: { name: "i18n", include: ["packages/i18n/src/**/*.test.ts"], environment: "node" } },
      {
        test: {
          name: "rksv",
          include: ["packages/rksv/src/**/*.test.ts"],
          environment: "node",
          // The Prüftool test starts a JVM per DEP.
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: "erechnung",
          include: ["packages/erechnung/src/**/*.test.ts"],
          environment: "node",
          // The official rules run in Saxon (one JVM per rule set and test file).
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
      {
        test: {
          name: "api",
          include: ["apps/api/src/**/*.test.ts"],
          environment: "node",
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          // The bench harness at a small scale (bench/harness/harness.test.ts): generators and scenarios still work.
          name: "bench",
          include: ["bench/**/*.test.ts"],
          environment: "node",
          testTimeout: 600_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: "web",
          include: ["apps/web/src/**/*.test.{ts,tsx}"],
          environment: "happy-dom",
          // Edit screens load their rules (zod) on demand since issue 20: a form test under CI load took 5–12 s.
          testTimeout: 20_000,
          setupFiles: ["apps/web/src/test/setup.ts"],
        },
      },
    ],
    passWithNoTests: false,
    allowOnly: false,
  },
});
