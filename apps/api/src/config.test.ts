import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

const dataDir = () => mkdtempSync(path.join(tmpdir(), "kontor-config-"));

describe("loadConfig", () => {
  it("has defaults: port 8080, ./data, embedded database with demo data", () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config).toMatchObject({
      port: 8080,
      dataDir: dir,
      databaseUrl: undefined,
      demoData: true,
      environment: "local",
      trustProxy: false,
    });
  });

  it("generates the token secret once and keeps it in the data directory", () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).tokenSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dir }).tokenSecret).toBe(first);
    const file = path.join(dir, "token-secret");
    expect(readFileSync(file, "utf8").trim()).toBe(first);
    expect(statSync(file).mode & 0o077).toBe(0);
  });

  it("RKSV_ATRUST_HOSTS: host names mean https on port 443; origins for a stand-in; anything else refused (issue 33)", () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).rksvAtrustOrigins).toEqual([
      "https://www.a-trust.at",
      "https://hs-abnahme.a-trust.at",
    ]);
    expect(
      loadConfig({ DATA_DIR: dataDir(), RKSV_ATRUST_HOSTS: "www.a-trust.at,http://127.0.0.1:8123" })
        .rksvAtrustOrigins,
    ).toEqual(["https://www.a-trust.at", "http://127.0.0.1:8123"]);
    for (const bad of ["ftp://www.a-trust.at", "https://www.a-trust.at/pfad", "a trust", "x,,y"])
      expect(() => loadConfig({ DATA_DIR: dataDir(), RKSV_ATRUST_HOSTS: bad }), bad).toThrow(ConfigError);
  });

  it("uses TOKEN_SECRET when given", () => {
    const secret = "s".repeat(40);
    expect(loadConfig({ DATA_DIR: dataDir(), TOKEN_SECRET: secret }).tokenSecret).toBe(secret);
  });

  it("on PostgreSQL the demo data is opt-in", () => {
    const url = "postgres://postgres@127.0.0.1:5432/x";
    expect(loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: url }).demoData).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: url, KONTOR_DEMO_DATA: "true" }).demoData).toBe(
      true,
    );
  });

  it("treats empty variables as unset", () => {
    expect(loadConfig({ DATA_DIR: dataDir(), PORT: "", DATABASE_URL: "" })).toMatchObject({
      port: 8080,
      databaseUrl: undefined,
    });
  });

  it.each([
    [{ PORT: "abc" }, "Configuration error: PORT must be a number"],
    [{ PORT: "70000" }, "Configuration error: PORT must be between 1 and 65535"],
    [{ PORT: "80.5" }, "Configuration error: PORT must be an integer"],
    [
      { DATABASE_URL: "mysql://x" },
      "Configuration error: DATABASE_URL must be a postgres:// or postgresql:// URL",
    ],
    [{ TOKEN_SECRET: "short" }, "Configuration error: TOKEN_SECRET must have at least 32 characters"],
    [{ KONTOR_DEMO_DATA: "maybe" }, "Configuration error: KONTOR_DEMO_DATA must be true or false"],
  ])("refuses %j with a one-line reason", (env, message) => {
    const load = () => loadConfig({ DATA_DIR: dataDir(), ...env });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(message);
  });

  it("names the variable for an invalid enum value", () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), KONTOR_ENV: "staging" })).toThrow(
      /^Configuration error: KONTOR_ENV /,
    );
  });
});
