import { buildApp } from "./app.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { openDatabase } from "./db/client.ts";
import { DataDirLockedError } from "./db/lock.ts";
import { BootstrapError, bootstrapData } from "./db/seed.ts";

/** Starts Kontor: validated configuration, database (with migrations), first-start data, HTTP, clean shutdown. */
async function main() {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  let app: Awaited<ReturnType<typeof buildApp>>;
  try {
    app = await buildApp(config, database);
    app.addHook("onClose", () => database.close());
    await bootstrapData(database.db, config, app.log);
  } catch (error) {
    await database.close();
    throw error;
  }
  await app.listen({ port: config.port, host: config.host });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down: finishing in-flight requests");
    try {
      await app.close(); // stops accepting, waits for in-flight requests, then closes the database
      app.log.info("shut down cleanly");
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, "shutdown failed");
      process.exit(1);
    }
  };
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
  process.once("SIGINT", () => void shutdown("SIGINT"));
}

main().catch((error: unknown) => {
  const known =
    error instanceof ConfigError || error instanceof DataDirLockedError || error instanceof BootstrapError;
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`kontor: ${known ? message : `failed to start: ${message}`}\n`);
  if (!known && error instanceof Error && error.stack) process.stderr.write(`${error.stack}\n`);
  process.exit(1);
});
