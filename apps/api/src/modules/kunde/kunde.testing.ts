import type { TAdresseInput, TKunde, TKundeInput } from "@kontor/domain/kunde/kunde.schema";
import { call, type TestApp } from "../../test/helpers.ts";

/** Who calls: a token and the tenant (as createTenantUser + login give them). */
export interface Caller {
  token: string;
  mandantId: number;
}

/** A billing address that passes the SPEC §5 save rules. */
export const rechnungsadresse = (overrides: Partial<TAdresseInput> = {}) => ({
  strasse: "Hauptstraße",
  hausNummer: "1",
  plz: "1010",
  ort: "Wien",
  land: "AT",
  ...overrides,
});

/** A company customer that can be saved: a name and a complete billing address; overrides win. */
export const gueltigerKunde = (overrides: Partial<TKundeInput> = {}): TKundeInput => ({
  firma: "firma",
  bezeichnung: "Muster GmbH",
  adresseLists: [rechnungsadresse()],
  ...overrides,
});

/**
 * Test helper for every test file that needs customers: PUT kundes with a valid company customer plus the
 * overrides; fails the test unless it is saved. Returns the stored customer (as GET kundes/{id} answers it).
 */
export async function createKunde(
  t: TestApp,
  who: Caller,
  overrides: Partial<TKundeInput> = {},
): Promise<TKunde & { id: number; kundenNummer: string; anzeigename: string }> {
  const response = await call(t, {
    method: "PUT",
    url: "/app/api/kundes",
    ...who,
    payload: gueltigerKunde(overrides),
  });
  if (response.statusCode !== 200)
    throw new Error(`createKunde failed: ${response.statusCode} ${response.body}`);
  return response.json();
}
