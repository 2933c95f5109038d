import type { Config } from "./config.ts";
import type { Db } from "./db/client.ts";
import type { TokenService } from "./modules/auth/token.ts";

/** What every module's routes get: no globals, no singletons. */
export interface Deps {
  db: Db;
  databaseKind: "pglite" | "postgres";
  config: Config;
  tokens: TokenService;
}
