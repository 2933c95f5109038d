import { describe, expect, it } from "vitest";
import { call, createTenantUser, createTestApp, login } from "../../test/helpers.ts";
import { createBeleg, rechnungsfaehig } from "../beleg/beleg.testing.ts";
import { createKunde } from "../kunde/kunde.testing.ts";
import { pdfSeiten } from "./pdfText.testing.ts";

const t = await createTestApp();

async function tenant(belegLangKey: "de" | "en" = "de") {
  const user = await createTenantUser(t, { authorities: ["ROLE_USER"], modules: ["rechnungslegung"] });
  await rechnungsfaehig(t, user.mandantId);
  const who = { token: await login(t, user), mandantId: user.mandantId };
  const kunde = await createKunde(t, who, { bezeichnung: "Muster GmbH", belegLangKey });
  return { ...who, kunde };
}

describe("GET beleg/{id}/pdf", () => {
  it("renders a finalized invoice", async () => {
    const who = await tenant();
    const b = await createBeleg(t, who, {
      belegsTyp: "rechnung",
      kunde: { id: who.kunde.id },
      leistungsDatum: "2026-03-01",
    });
    const fin = await call(t, { method: "POST", url: `/app/api/beleg/${b.id}/freigabe`, ...who });
    expect(fin.statusCode, fin.body).toBe(200);
    const response = await call(t, { method: "GET", url: `/app/api/beleg/${b.id}/pdf`, ...who });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-type"]).toBe("application/pdf");
    const seiten = await pdfSeiten(response.rawPayload);
    console.log(seiten.join("\n----\n"));
  });
});
