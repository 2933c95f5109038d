import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mandant } from "../db/schema/index.ts";
import { call, createTestApp, login, type TestApp } from "../test/helpers.ts";
import { seedDemoData } from "./seed.ts";

/**
 * The demo tenant (issue 21): after the first start every master-data list has something to try with, the demo
 * customers and articles use it, and there are documents in several states — all made through the app's routes.
 */
describe("demo data", () => {
  let t: TestApp;
  let who: { token: string; mandantId: number };
  const errors: unknown[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    // A database that has the demo already (PostgreSQL kept between runs) keeps it: seeded once.
    await seedDemoData(t.db, {
      inject: (options) => t.app.inject(options),
      onError: (error) => errors.push(error),
    });
    const [demo] = await t.db
      .select({ id: mandant.id })
      .from(mandant)
      .where(eq(mandant.bezeichnung, "Muster Handels GmbH"));
    who = { token: await login(t, { login: "admin", password: "admin123" }), mandantId: demo!.id };
  }, 120_000);
  afterAll(() => t?.close());

  const get = async (path: string) => {
    const response = await call(t, { method: "GET", url: `/app/api/${path}`, ...who });
    expect(response.statusCode, `${path}: ${response.body}`).toBe(200);
    return response.json();
  };

  it("seeds without a refused call", () => {
    expect(errors).toEqual([]);
  });

  it.each([
    "mehrwertssteuers",
    "einheits",
    "warengruppes",
    "untergruppes",
    "preisschienen",
    "rabatts",
    "zahlungsziels",
    "lieferbedingung",
    "zahlungsbedingung",
    "belegtexts",
    "hotHintDefinitionTexts",
    "firmengruppe",
    "kundefelddefinitions",
    "artikelfelddefinitions",
    "belegfelddefinitions",
    "rechnungskreise",
    "benachrichtigung",
    "kundes",
    "artikel",
    "beleg",
  ])("%s of the demo tenant is not empty", async (path) => {
    expect((await get(path)).length).toBeGreaterThan(0);
  });

  it("customers and articles use the master data", async () => {
    const kunden: { id: number; bezeichnung: string | null }[] = await get("kundes?size=50");
    const gaertnerei = kunden.find((kunde) => kunde.bezeichnung?.startsWith("Gärtnerei"));
    const voll = await get(`kundes/${gaertnerei?.id}`);
    expect(voll.zahlungsziel).toMatchObject({ id: expect.any(Number) });
    expect(voll.preisschiene).toMatchObject({ id: expect.any(Number) });
    expect(voll.firmengruppen).toHaveLength(1);

    const artikel: { id: number; untergruppe: string | null }[] = await get("artikel?size=50");
    expect(artikel.every((zeile) => zeile.untergruppe)).toBe(true);
  });

  it("has documents as draft, finalized and cancelled", async () => {
    const belege: { freigabe: boolean; storniert: boolean; belegsTyp: string }[] = await get("beleg?size=50");
    expect(belege.some((beleg) => !beleg.freigabe)).toBe(true);
    expect(belege.some((beleg) => beleg.freigabe && !beleg.storniert && beleg.belegsTyp === "rechnung")).toBe(
      true,
    );
    expect(belege.some((beleg) => beleg.storniert)).toBe(true);
  });

  it("the example news item is there, switched off: it never pops up", async () => {
    const news = await get("benachrichtigung/mynews");
    expect(news.news).toEqual([]);
  });
});
