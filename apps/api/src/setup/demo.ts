import { MODULES } from "@kontor/domain/access/access.schema";
import { ZArtikel } from "@kontor/domain/artikel/artikel.schema";
import { type TKundeInput, ZKunde } from "@kontor/domain/kunde/kunde.schema";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { mehrwertssteuer } from "../db/schema/index.ts";
import { withTenant } from "../db/tenant.ts";
import { saveArtikel } from "../modules/artikel/artikel.repository.ts";
import { saveKunde } from "../modules/kunde/kunde.repository.ts";

const adresse = (strasse: string, hausNummer: string, plz: string, ort: string, land = "AT") => ({
  strasse,
  hausNummer,
  plz,
  ort,
  land,
});

/** A few customers and suppliers, so the demo tenant's lists and searches show something (Müller finds Mueller). */
const KUNDEN: TKundeInput[] = [
  {
    bezeichnung: "Gärtnerei Wölfl GmbH",
    email: "office@woelfl.example",
    telnr: "+43 2233 1234",
    adresseLists: [adresse("Hauptstraße", "12", "3012", "Wolfsgraben")],
    kundeKontakte: [
      { geschlecht: "herr", vorname: "Jürgen", nachname: "Wölfl", email: "juergen@woelfl.example" },
    ],
  },
  {
    bezeichnung: "Bäckerei Müller KG",
    email: "bestellung@baeckerei-mueller.example",
    adresseLists: [
      adresse("Mariahilfer Straße", "88", "1070", "Wien"),
      adresse("Lerchenfelder Gürtel", "3", "1160", "Wien"),
    ],
  },
  {
    firma: "privatperson",
    geschlecht: "frau",
    vorname: "Anna",
    nachname: "Gruber",
    adresseLists: [adresse("Schönbrunner Straße", "5", "1050", "Wien")],
  },
  {
    bezeichnung: "Elektro Huber OG",
    lieferant: true,
    adresseLists: [adresse("Landstraße", "22", "4020", "Linz")],
  },
  {
    bezeichnung: "Baustoffe Schmid GmbH",
    lieferant: true,
    belegLangKey: "de",
    adresseLists: [adresse("Münchner Straße", "3", "80331", "München", "DE")],
  },
];

/** A few articles with a base price valid since the start of 2026. */
const ARTIKEL: { artikelBezeichnung: string; preis: number; verleihbar?: boolean }[] = [
  { artikelBezeichnung: "Glühbirne E27 60 W", preis: 4.9 },
  { artikelBezeichnung: "Schraube M8x40 verzinkt (100 Stk.)", preis: 12.5 },
  { artikelBezeichnung: "Gartenschlauch ½ Zoll 25 m", preis: 39.9 },
  { artikelBezeichnung: "Bohrhammer SDS-plus", preis: 249, verleihbar: true },
  { artikelBezeichnung: "Blumenerde 40 l", preis: 8.99 },
];

/** Customers, suppliers and articles of the demo tenant, saved the way the API saves them (numbers drawn). */
export async function seedDemoKatalog(db: Db, mandantId: number, userId: number): Promise<void> {
  await withTenant(db, mandantId, async (tx) => {
    const kontext = { userId, modules: new Set(MODULES) };
    for (const kunde of KUNDEN) await saveKunde(tx, kontext, ZKunde.parse(kunde));
    const [standard] = await tx
      .select({ id: mehrwertssteuer.id })
      .from(mehrwertssteuer)
      .where(eq(mehrwertssteuer.defaultMwst, true));
    if (!standard) return;
    for (const { preis, ...artikel } of ARTIKEL) {
      await saveArtikel(
        tx,
        ZArtikel.parse({
          ...artikel,
          mehrwertssteuer: { id: standard.id },
          artikelPreisSet: [{ preis, vonDatum: "2026-01-01", preisschiene: null }],
        }),
      );
    }
  });
}
