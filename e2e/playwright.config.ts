import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

/**
 * E2E against the production build (DESIGN §8): the real server (`npm run serve`'s command, the compiled
 * apps/api/dist/server.js) serves apps/web/dist under /app/ on a fresh data directory with the demo data, in Debian's
 * Chromium. `npm run test:e2e` builds both first. With DATABASE_URL set (CI), the server runs on that PostgreSQL database instead of PGlite.
 */
const repoRoot = path.resolve(import.meta.dirname, "..");
const port = Number(process.env.KONTOR_E2E_PORT ?? 18080);
export const baseURL = `http://127.0.0.1:${port}`;

// The config is evaluated by the runner and again by every worker: the runner creates the data directory and
// hands it down through the environment (workers inherit it), and removes it when it exits, after the server
// has stopped (KONTOR_E2E_KEEP_DATA=1 keeps it for a look).
if (!process.env.KONTOR_E2E_DATA_DIR) {
  const created = mkdtempSync(path.join(tmpdir(), "kontor-e2e-"));
  process.env.KONTOR_E2E_DATA_DIR = created;
  if (!process.env.KONTOR_E2E_KEEP_DATA) {
    process.on("exit", () => rmSync(created, { recursive: true, force: true }));
  }
}
const dataDir = process.env.KONTOR_E2E_DATA_DIR;

export default defineConfig({
  testDir: ".",
  testMatch: "**/*.spec.ts",
  outputDir: path.join(repoRoot, "test-results", "e2e"),
  fullyParallel: false,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  // Generous: two workers, the server and Chromium share two cores; a slow step is not a failure. The long specs
  // (a customer or article through every tab) took 57 s of 60 on a busy machine, a lazy screen over 10 s to show.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  reporter: [["list"], ["html", { outputFolder: path.join(repoRoot, "playwright-report"), open: "never" }]],
  use: {
    ...devices["Desktop Chrome"],
    baseURL,
    locale: "de-AT",
    timezoneId: "Europe/Vienna",
    headless: true,
    screenshot: "only-on-failure",
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  webServer: {
    command: "node --enable-source-maps apps/api/dist/server.js",
    cwd: repoRoot,
    url: `${baseURL}/app/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "pipe",
    stderr: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      KONTOR_DEMO_DATA: "true",
      LOG_LEVEL: "warn",
      ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    },
  },
});
