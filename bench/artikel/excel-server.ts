/**
 * The API alone in a process of its own, for the Excel export bench (excel.ts measures this process's memory):
 * buildApp on the bench database (DATABASE_URL), listening on 127.0.0.1 at a free port, which it prints as
 * "listening <port>" on stdout. No migrations and no first-start data: excel.ts has prepared the database.
 */
import { mkdtempSync } from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { buildApp } from "../../apps/api/src/app.ts";
import { loadConfig } from "../../apps/api/src/config.ts";
import { openDatabase } from "../../apps/api/src/db/client.ts";

const config = loadConfig({
  DATABASE_URL: process.env.DATABASE_URL,
  DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "kontor-bench-excel-")),
  TOKEN_SECRET: process.env.TOKEN_SECRET,
  LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
});
const database = await openDatabase({ databaseUrl: config.databaseUrl });
const app = await buildApp(config, database);
app.addHook("onClose", () => database.close());
await app.listen({ port: 0, host: "127.0.0.1" });
process.stdout.write(`listening ${(app.server.address() as AddressInfo).port}\n`);
process.once("SIGTERM", () => void app.close().then(() => process.exit(0)));
// BENCH_MEMORY_LOG=<ms>: process.memoryUsage() on stderr at that interval (where the RSS goes: heap or buffers).
if (process.env.BENCH_MEMORY_LOG) {
  const mb = (bytes: number) => Math.round(bytes / 1048576);
  setInterval(() => {
    const m = process.memoryUsage();
    process.stderr.write(
      `memory rss ${mb(m.rss)} heapTotal ${mb(m.heapTotal)} heapUsed ${mb(m.heapUsed)} external ${mb(m.external)} arrayBuffers ${mb(m.arrayBuffers)} MB\n`,
    );
  }, Number(process.env.BENCH_MEMORY_LOG)).unref();
}
