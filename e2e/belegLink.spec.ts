import { expect, test } from "@playwright/test";
import { DEMO, signInFromStart } from "./fixtures.ts";
import { apiCall, apiSignIn, demoMandantId } from "./shell.fixtures.ts";

/** Specs share one server and database: every name this file creates carries this run's mark. */
const RUN = Date.now().toString(36);

test.describe("share link of a document (issue 16)", () => {
  test("made in the editor, opened through its public link in a fresh browser context, counted, revoked", async ({
    page,
    request,
    browser,
  }) => {
    test.setTimeout(180_000);
    // A finalized invoice of a customer of its own (the demo tenant has what an invoice names of its seller).
    const admin = await apiSignIn(request, DEMO.admin);
    const mandantId = await demoMandantId(request, admin);
    const ziel = await apiCall<{ id: number }>(request, admin, "PUT", "zahlungsziels", {
      mandantId,
      data: { name: `Link 14 Tage ${RUN}`, nettoTage: 14 },
    });
    const kunde = await apiCall<{ id: number }>(request, admin, "PUT", "kundes", {
      mandantId,
      data: {
        firma: "firma",
        bezeichnung: `Link Kunde ${RUN}`,
        adresseLists: [{ strasse: "Ring", hausNummer: "7", plz: "1010", ort: "Wien", land: "AT" }],
      },
    });
    const entwurf = await apiCall<{ id: number }>(request, admin, "PUT", "beleg", {
      mandantId,
      data: {
        belegsTyp: "rechnung",
        belegDatum: "2026-03-02",
        leistungsDatum: "2026-03-01",
        kunde: { id: kunde.id },
        zahlungsziel: { id: ziel.id },
        belegspositionSet: [
          {
            positionsBeschreibung: `Beratung ${RUN}`,
            positionsMenge: 2,
            positionsPreis: 50,
            positionsMwst: 20,
          },
        ],
      },
    });
    const rechnung = await apiCall<{ id: number; belegNummer: string }>(
      request,
      admin,
      "POST",
      `beleg/${entwurf.id}/freigabe`,
      { mandantId, data: {}, expected: 200 },
    );

    // The editor of the finalized invoice: "Link teilen" makes a link and shows its address once.
    await signInFromStart(page, DEMO.admin);
    await page.goto(`/app/beleg/${rechnung.id}/edit/true/false`);
    await page.getByRole("button", { name: "Link teilen" }).click();
    const dialog = page.getByRole("dialog", { name: "Link teilen" });
    await expect(dialog.getByText("Noch kein Link geteilt.")).toBeVisible();
    await dialog.getByRole("button", { name: "Link erstellen" }).click();
    const adresse = dialog.getByRole("textbox", { name: "Link" });
    await expect(adresse).toHaveValue(/\/app\/invoicetemplate\/[A-Za-z0-9_-]{43}$/);
    const url = new URL(await adresse.inputValue());
    await expect(dialog.getByTestId("beleg-link")).toHaveCount(1);
    await expect(dialog.getByTestId("beleg-link-aufrufe")).toHaveText("0");

    // A fresh browser context: no sign-in, no stored language — the customer's view.
    const fremd = await browser.newContext({ locale: "de-AT", timezoneId: "Europe/Vienna" });
    try {
      const kundenSeite = await fremd.newPage();
      const pdfAntwort = kundenSeite.waitForResponse((response) =>
        response.url().endsWith(`/app/api/public/beleg/${url.pathname.split("/").pop()}/pdf`),
      );
      await kundenSeite.goto(url.pathname);
      await expect(
        kundenSeite.getByRole("heading", { level: 1, name: `Rechnung ${rechnung.belegNummer}` }),
      ).toBeVisible();
      await expect(kundenSeite.getByText(`von ${DEMO.mandant}`)).toBeVisible();
      await expect(kundenSeite.getByTestId("beleg-betrag")).toHaveText("120,00 €");
      await expect(kundenSeite.getByTestId("beleg-faellig")).toHaveText("16.03.2026");
      // The PDF loads in its frame (same origin, allowed by both policies).
      const pdf = await pdfAntwort;
      expect(pdf.status()).toBe(200);
      expect(pdf.headers()["content-type"]).toBe("application/pdf");
      await expect(kundenSeite.getByTitle("PDF des Belegs")).toBeVisible();
      await expect(kundenSeite.getByRole("link", { name: "PDF herunterladen" })).toHaveAttribute(
        "href",
        /\/pdf\?download=1$/,
      );
      // Nobody was signed in there.
      expect(await kundenSeite.evaluate(() => window.localStorage.getItem("kontor.token"))).toBeNull();

      // Back in the editor: the view is counted; revoking ends the link at once.
      await dialog.getByRole("button", { name: "Schließen" }).click();
      await page.getByRole("button", { name: "Link teilen" }).click();
      await expect(dialog.getByTestId("beleg-link-aufrufe")).toHaveText("1");
      await dialog.getByRole("button", { name: /^Link vom .* widerrufen$/ }).click();
      const frage = page.getByRole("dialog", { name: "Link widerrufen?" });
      await frage.getByRole("button", { name: "Link widerrufen" }).click();
      await expect(dialog.getByText("Widerrufen", { exact: true })).toBeVisible();

      await kundenSeite.reload();
      await expect(kundenSeite.getByRole("heading", { level: 1, name: "Link ungültig" })).toBeVisible();
      await expect(kundenSeite.getByRole("alert")).toContainText(
        "ungültig, abgelaufen oder wurde widerrufen",
      );
    } finally {
      await fremd.close();
    }
  });
});
