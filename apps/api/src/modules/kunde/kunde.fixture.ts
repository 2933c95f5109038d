import { eq } from "drizzle-orm";
import { adresse, kunde, kundeFeld, kundeFirmengruppe } from "../../db/schema/index.ts";
import { withTenant } from "../../db/tenant.ts";
import { type TestApp, unique } from "../../test/helpers.ts";
import { refreshSuche } from "./kunde.repository.ts";

type KundeZeile = typeof kunde.$inferInsert;
type AdresseZeile = Omit<typeof adresse.$inferInsert, "mandantId" | "kundeId">;

/** What a test customer may name beyond the customer row: its addresses, firm groups and field values. */
export interface TestKunde extends Partial<Omit<KundeZeile, "mandantId" | "id">> {
  adressen?: AdresseZeile[];
  firmengruppeIds?: number[];
  felder?: { felddefinitionId: number; value: string | null }[];
}

/**
 * Test fixture: a customer written straight into the tables (no HTTP), with its parts and its search text, in the
 * tenant's transaction. Lets the tests of addresses, PDFs and master-data references stand apart from PUT kundes.
 * A company named "Test Kunde" with a unique number unless told otherwise; the sort name is the lowered name.
 */
export async function insertKunde(t: TestApp, mandantId: number, angaben: TestKunde = {}): Promise<number> {
  const { adressen = [], firmengruppeIds = [], felder = [], ...row } = angaben;
  const name =
    row.firma === "privatperson" ? `${row.nachname ?? ""} ${row.vorname ?? ""}` : (row.bezeichnung ?? "");
  return withTenant(t.db, mandantId, async (tx) => {
    const [created] = await tx
      .insert(kunde)
      .values({
        kundenNummer: unique("K"),
        bezeichnung: row.firma === "privatperson" ? null : "Test Kunde",
        sortname: name.trim().toLowerCase(),
        ...row,
        mandantId,
      })
      .returning({ id: kunde.id });
    const kundeId = created!.id;
    if (adressen.length > 0)
      await tx.insert(adresse).values(adressen.map((a) => ({ ...a, mandantId, kundeId })));
    if (firmengruppeIds.length > 0)
      await tx
        .insert(kundeFirmengruppe)
        .values(firmengruppeIds.map((firmengruppeId) => ({ mandantId, kundeId, firmengruppeId })));
    if (felder.length > 0)
      await tx.insert(kundeFeld).values(felder.map((f) => ({ ...f, mandantId, kundeId })));
    await refreshSuche(tx, kundeId);
    return kundeId;
  });
}

/** Test fixture: the stored search text of a customer (kunde.suche). */
export async function sucheVon(t: TestApp, mandantId: number, kundeId: number): Promise<string | undefined> {
  return withTenant(t.db, mandantId, async (tx) => {
    const [row] = await tx.select({ suche: kunde.suche }).from(kunde).where(eq(kunde.id, kundeId));
    return row?.suche;
  });
}
