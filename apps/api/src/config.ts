import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { repoRoot } from "./paths.ts";
import { allowedOrigin } from "./security/allowedOrigins.ts";

const ZBooleanText = z
  .enum(["true", "false", "1", "0", "yes", "no"], { message: "must be true or false" })
  .transform((v) => v === "true" || v === "1" || v === "yes");

/** Environment variables Kontor reads (README "Configuration"). Every value is checked at start. */
const ZEnv = z.object({
  PORT: z.coerce
    .number({ message: "must be a number" })
    .int("must be an integer")
    .min(1, "must be between 1 and 65535")
    .max(65535, "must be between 1 and 65535")
    .default(8080),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/.+/, "must be a postgres:// or postgresql:// URL")
    .optional(),
  TOKEN_SECRET: z.string().min(32, "must have at least 32 characters").optional(),
  TOKEN_TTL_MINUTES: z.coerce.number().int().min(1).max(43_200).default(720),
  KONTOR_ENV: z.enum(["local", "dev", "production"]).default("local"),
  KONTOR_DEMO_DATA: ZBooleanText.optional(),
  KONTOR_ADMIN_PASSWORD: z.string().min(5).max(50).optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  TRUST_PROXY: ZBooleanText.default(false),
  WEB_DIR: z.string().min(1).optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/.+/, "must be an smtp:// or smtps:// URL")
    .optional(),
  MAIL_FROM: z.string().min(3).default("Kontor <noreply@kontor.local>"),
  KONTOR_BASE_URL: z
    .url({ message: "must be a URL such as https://kontor.example.com" })
    .optional()
    .transform((v) => v?.replace(/\/+$/, "")),
  RKSV_ATRUST_HOSTS: z
    .string()
    .default("www.a-trust.at,hs-abnahme.a-trust.at")
    .transform((v, ctx) => {
      const origins = v.split(",").map(allowedOrigin);
      if (origins.every((origin) => origin !== undefined)) return origins as string[];
      ctx.addIssue({
        code: "custom",
        message:
          "must be host names (https, port 443) or origins such as http://127.0.0.1:8123, separated by commas",
      });
      return z.NEVER;
    }),
  KONTOR_GOOGLE_API_KEY: z.string().trim().min(1).max(200).optional(),
  KONTOR_GOOGLE_CLIENT_ID: z.string().trim().min(1).max(300).optional(),
});

export interface Config {
  port: number;
  host: string;
  /** Data directory: PGlite files (embedded mode), the generated token secret, the mail outbox. */
  dataDir: string;
  /** PostgreSQL URL; undefined means embedded PGlite in dataDir. */
  databaseUrl: string | undefined;
  tokenSecret: string;
  tokenTtlMinutes: number;
  environment: "local" | "dev" | "production";
  demoData: boolean;
  adminPassword: string | undefined;
  logLevel: string;
  trustProxy: boolean;
  /** The built web app (apps/web/dist); served under /app/. */
  webDir: string;
  /** SMTP server for mails; without it mails are written to DATA_DIR/outbox as .eml files. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** The address users reach Kontor at: links in mails start with it (`${baseUrl}/app/...`). */
  baseUrl: string;
  loginRateLimit: { maxFailuresPerAccount: number; maxFailuresPerAddress: number; windowSeconds: number };
  /** Public document links (issue 16), per client address: every call, and calls of unknown or dead links. */
  belegLinkRateLimit: { maxRequestsPerAddress: number; maxMissesPerAddress: number; windowSeconds: number };
  /**
   * The origins (scheme, host, port) an RKSV register may use as A-Trust signature service (issue 18): the server
   * calls that address with the signing credentials, so a tenant admin must not point it anywhere else (requests
   * into the operator's network, or the credentials in clear text or to another port; issue 33). A host name in
   * RKSV_ATRUST_HOSTS means https on port 443 (security/allowedOrigins.ts allowedOrigin).
   */
  rksvAtrustOrigins: readonly string[];
  /**
   * The calendar integration the web may use (issue 23, GET google-config): the Google API key and OAuth client id;
   * undefined when either is missing (the answer is then an empty object).
   */
  googleCalendar: { apiKey: string; clientId: string } | undefined;
}

export class ConfigError extends Error {}

/** Reads and validates the configuration; throws ConfigError with a one-line reason. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ZEnv.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== "")));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`Configuration error: ${issue.path.join(".")} ${issue.message}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    tokenSecret: e.TOKEN_SECRET ?? readOrCreateTokenSecret(dataDir),
    tokenTtlMinutes: e.TOKEN_TTL_MINUTES,
    environment: e.KONTOR_ENV,
    demoData: e.KONTOR_DEMO_DATA ?? e.DATABASE_URL === undefined,
    adminPassword: e.KONTOR_ADMIN_PASSWORD,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    webDir: e.WEB_DIR ? path.resolve(e.WEB_DIR) : path.join(repoRoot, "apps/web/dist"),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    baseUrl: e.KONTOR_BASE_URL ?? `http://localhost:${e.PORT}`,
    loginRateLimit: { maxFailuresPerAccount: 5, maxFailuresPerAddress: 100, windowSeconds: 15 * 60 },
    belegLinkRateLimit: { maxRequestsPerAddress: 300, maxMissesPerAddress: 30, windowSeconds: 15 * 60 },
    rksvAtrustOrigins: e.RKSV_ATRUST_HOSTS,
    googleCalendar:
      e.KONTOR_GOOGLE_API_KEY && e.KONTOR_GOOGLE_CLIENT_ID
        ? { apiKey: e.KONTOR_GOOGLE_API_KEY, clientId: e.KONTOR_GOOGLE_CLIENT_ID }
        : undefined,
  };
}

/** Without TOKEN_SECRET, a random secret is generated once and kept in the data directory. */
function readOrCreateTokenSecret(dataDir: string): string {
  const file = path.join(dataDir, "token-secret");
  try {
    if (existsSync(file)) return readFileSync(file, "utf8").trim();
    mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(48).toString("base64url");
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: "wx" });
    return secret;
  } catch (error) {
    throw new ConfigError(
      `Configuration error: cannot keep the token secret in ${file}: ${(error as Error).message}`,
    );
  }
}
