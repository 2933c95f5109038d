import type { Config } from "./config.ts";
import type { Db } from "./db/client.ts";
import type { Mailer } from "./mail/mailer.ts";
import type { SecretBox } from "./security/secrets.ts";
import type { TokenService } from "./security/token.ts";

/** What every module's routes get: no globals, no singletons. */
export interface Deps {
  db: Db;
  databaseKind: "pglite" | "postgres";
  config: Config;
  tokens: TokenService;
  mailer: Mailer;
  secrets: SecretBox;
}
