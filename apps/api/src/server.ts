import { buildApp } from "./app.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { openDatabase } from "./db/client.ts";
import { DataDirLockedError } from "./db/lock.ts";
import { BootstrapError, bootstrapData } from "./setup/seed.ts";

const SHUTDOWN_GRACE_MS = 10_000;

/** Starts Kontor: validated configuration, database (with migrations), first-start data, HTTP, clean shutdown. */
async function main() {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  let app: Awaited<ReturnType<typeof buildApp>>;
  try {
    app = await buildApp(config, database);
    app.addHook("onClose", () => database.close());
    await app.ready();
    await bootstrapData(database.db, config, app.log, (options) => app.inject(options));
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
    // Keep-alive connections that finish their last response become idle; close them as they do, and give up
    // after SHUTDOWN_GRACE_MS so a stuck client cannot hold the process.
    const closeIdle = setInterval(() => app.server.closeIdleConnections(), 50);
    const deadline = setTimeout(() => {
      app.log.error("shutdown took too long: closing remaining connections");
      app.server.closeAllConnections();
    }, SHUTDOWN_GRACE_MS);
    try {
      await app.close(); // stops accepting, waits for in-flight requests, then closes the database
      clearInterval(closeIdle);
      clearTimeout(deadline);
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
