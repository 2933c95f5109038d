import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import { DEMO, kundeWaehlen, signInFromStart } from "./fixtures.ts";
import { type ApiSession, apiCall, apiSignIn, demoMandantId, viennaToday } from "./shell.fixtures.ts";

/** Specs share one server and database: every name this file creates carries this run's mark. */
const RUN = Date.now().toString(36);

/** A calendar date `tage` days before today in Vienna (YYYY-MM-DD). */
function vor(tage: number): string {
  const [y, m, d] = viennaToday().split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d - tage)).toISOString().slice(0, 10);
}

type Api = { request: Parameters<typeof apiCall>[0]; admin: ApiSession; mandantId: number };

async function kundeAnlegen(api: Api, name: string) {
  return apiCall<{ id: number }>(api.request, api.admin, "PUT", "kundes", {
    mandantId: api.mandantId,
    data: {
      firma: "firma",
      bezeichnung: name,
      uid: "ATU12345675",
      adresseLists: [{ strasse: "Ring", hausNummer: "9", plz: "1010", ort: "Wien", land: "AT" }],
    },
  });
}

/** A finalized invoice of the customer: net 100 × quantity at 20 %, optionally with a payment term. */
async function rechnung(
  api: Api,
  kundeId: number,
  netto: number,
  extra: { zahlungszielId?: number; tage?: number } = {},
) {
  const datum = vor(extra.tage ?? 1);
  const entwurf = await apiCall<{ id: number }>(api.request, api.admin, "PUT", "beleg", {
    mandantId: api.mandantId,
    data: {
      belegsTyp: "rechnung",
      belegDatum: datum,
      leistungsDatum: datum,
      kunde: { id: kundeId },
      zahlungsziel: extra.zahlungszielId ? { id: extra.zahlungszielId } : null,
      belegspositionSet: [
        {
          positionsBeschreibung: `Leistung ${RUN}`,
          positionsMenge: 1,
          positionsPreis: netto,
          positionsMwst: 20,
        },
      ],
    },
  });
  return apiCall<{ id: number; belegNummer: string }>(
    api.request,
    api.admin,
    "POST",
    `beleg/${entwurf.id}/freigabe`,
    {
      mandantId: api.mandantId,
      expected: 200,
    },
  );
}

/** The payment dialog: amount typed, saved, its toast seen. */
async function zahlen(page: Page, betrag?: string) {
  const dialog = page.getByRole("dialog", { name: "Zahlung erfassen" });
  if (betrag !== undefined) await dialog.getByRole("textbox", { name: "Betrag" }).fill(betrag);
  await dialog.getByRole("button", { name: "Zahlung speichern" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(/^Zahlung über .* erfasst$/).first()).toBeVisible();
}

test.describe("payments and open items", () => {
  test("an invoice paid in two parts becomes paid; its payments show in the editor", async ({
    page,
    request,
  }) => {
    const admin = await apiSignIn(request, DEMO.admin);
    const api = { request, admin, mandantId: await demoMandantId(request, admin) };
    const kunde = await kundeAnlegen(api, `Zweiteilig GmbH ${RUN}`);
    const beleg = await rechnung(api, kunde.id, 100); // 120,00 € gross

    await signInFromStart(page, DEMO.admin);
    await page.goto(`/app/beleg/${beleg.id}/edit/true/false`);
    await expect(page.getByTestId("beleg-status")).toHaveText("Finalisiert");
    await page.getByRole("tab", { name: "Zahlungen · offen 120,00 €" }).click();
    await page.getByRole("button", { name: "Zahlung erfassen" }).click();
    const dialog = page.getByRole("dialog", { name: "Zahlung erfassen" });
    // Prefilled with what is open.
    await expect(dialog.getByRole("textbox", { name: "Betrag" })).toHaveValue("120,00");
    await dialog.getByRole("textbox", { name: "Kommentar" }).fill("Anzahlung");
    await zahlen(page, "50,50");
    await expect(page.getByRole("tab", { name: "Zahlungen · offen 69,50 €" })).toBeVisible();
    await expect(page.getByTestId("restbetrag")).toHaveText("69,50 €");
    await expect(page.getByRole("cell", { name: "Anzahlung" })).toBeVisible();

    await page.getByRole("button", { name: "Zahlung erfassen" }).click();
    await expect(dialog.getByRole("textbox", { name: "Betrag" })).toHaveValue("69,50");
    await dialog.getByText("Bar", { exact: true }).click();
    await expect(dialog.getByRole("radio", { name: "Bar" })).toBeChecked();
    await zahlen(page);
    await expect(page.getByTestId("beleg-status")).toHaveText("Bezahlt");
    await expect(page.getByTestId("restbetrag")).toHaveText("0,00 €");
    await expect(page.getByRole("table", { name: "Zahlungen" }).getByRole("row")).toHaveCount(3);

    // Removing the cash payment (after a confirmation) opens the invoice again.
    await page
      .getByRole("button", { name: /^Zahlung vom .* entfernen$/ })
      .last()
      .click();
    await page
      .getByRole("dialog", { name: "Zahlung entfernen?" })
      .getByRole("button", { name: "Entfernen" })
      .click();
    await expect(page.getByTestId("beleg-status")).toHaveText("Finalisiert");
    await expect(page.getByTestId("restbetrag")).toHaveText("69,50 €");
  });

  test("a skonto payment within the step settles the invoice; a customer's balance is the sum of its open items", async ({
    page,
    request,
  }) => {
    const admin = await apiSignIn(request, DEMO.admin);
    const api = { request, admin, mandantId: await demoMandantId(request, admin) };
    const ziel = await apiCall<{ id: number }>(request, admin, "PUT", "zahlungsziels", {
      mandantId: api.mandantId,
      data: { name: `Skonto ${RUN}`, nettoTage: 30, skontoList: [{ tage: 10, prozent: 3 }] },
    });
    const kundeName = `Skonto KG ${RUN}`;
    const kunde = await kundeAnlegen(api, kundeName);
    const skonto = await rechnung(api, kunde.id, 1000, { zahlungszielId: ziel.id, tage: 2 }); // 1.200,00 €
    const alt = await rechnung(api, kunde.id, 80.5, { tage: 40 }); // 96,60 €, overdue
    const dritte = await rechnung(api, kunde.id, 10.01); // 12,01 €
    // The third one is paid in part (by API): 2,01 € stay open.
    await apiCall(request, admin, "POST", "zahlung", {
      mandantId: api.mandantId,
      data: { zahlungsDatum: viennaToday(), betrag: 10, belegSet: [{ id: dritte.id }] },
      expected: 200,
    });

    await signInFromStart(page, DEMO.admin);
    await page.goto("/app/zahlung_list/");
    await kundeWaehlen(page, kundeName, new RegExp(kundeName));
    const zeilen = page.getByRole("table").last().getByRole("row");
    await expect(zeilen).toHaveCount(4); // header + three open invoices
    // The balance tile equals the sum of the open amounts shown: 1.200,00 + 96,60 + 2,01.
    await expect(page.getByTestId("offener-saldo")).toHaveText("1.298,61 €");
    await expect(page.getByTestId("offene-anzahl")).toHaveText("3");
    await expect(page.getByText("40 Tage überfällig")).toBeVisible();
    const saldo = await apiCall<{ openBalance: number; anzahl: number }>(
      request,
      admin,
      "GET",
      `unpaidbelegesum/${api.mandantId}?kundenId=${kunde.id}`,
      { mandantId: api.mandantId },
    );
    expect(saldo).toMatchObject({ openBalance: 1298.61, anzahl: 3 });
    const offene = await apiCall<{ restbetrag: number }[]>(
      request,
      admin,
      "GET",
      `unpaidbelege?kundeId=${kunde.id}`,
      {
        mandantId: api.mandantId,
      },
    );
    expect(offene.reduce((summe, p) => summe + Math.round(p.restbetrag * 100), 0) / 100).toBe(
      saldo.openBalance,
    );

    // The invoice with skonto: the dialog offers the reduced amount (3 % of 1.200,00 = 36,00 → 1.164,00).
    await page.getByRole("checkbox", { name: `Auswählen: ${skonto.belegNummer}` }).check();
    await page.getByRole("button", { name: "Zahlung erfassen" }).click();
    const dialog = page.getByRole("dialog", { name: "Zahlung erfassen" });
    await expect(dialog.getByTestId("skonto-hinweis")).toContainText("zu zahlen 1.164,00 € (Skonto 36,00 €)");
    await dialog.getByRole("button", { name: "Betrag mit Skonto übernehmen (1.164,00 €)" }).click();
    await expect(dialog.getByRole("textbox", { name: "Betrag" })).toHaveValue("1.164,00");
    await expect(dialog.getByTestId("verteilung-zeile")).toContainText("36,00 € (3,0 %)");
    await zahlen(page);

    // Settled: gone from the open items, the balance is the rest.
    await expect(zeilen).toHaveCount(3);
    await expect(page.getByTestId("offener-saldo")).toHaveText("98,61 €");
    const bezahlt = await apiCall<{ bezahlt: boolean; restbetrag: number }>(
      request,
      admin,
      "GET",
      `beleg/${skonto.id}`,
      {
        mandantId: api.mandantId,
      },
    );
    expect(bezahlt).toMatchObject({ bezahlt: true, restbetrag: 0 });

    // The payment is in the list of payments with its skonto.
    await page.getByRole("tab", { name: "Zahlungen" }).click();
    await kundeWaehlen(page, kundeName, new RegExp(kundeName));
    await expect(
      page.getByRole("row", { name: new RegExp(`1\\.164,00 €.*36,00 €.*${skonto.belegNummer}`) }),
    ).toBeVisible();
    expect(alt.belegNummer).not.toBe("");

    // The report of the customer: received 1.174,00 € (10 + 1.164), skonto 36,00 €, open today what the balance says.
    await page.getByRole("main").getByRole("link", { name: "Zahlungsauswertung" }).click();
    await kundeWaehlen(page, kundeName, new RegExp(kundeName));
    await expect(page.getByTestId("report-erhalten")).toHaveText("1.174,00 €");
    await expect(page.getByTestId("report-skonto")).toHaveText("36,00 €");
    await expect(page.getByTestId("report-offen")).toHaveText("98,61 €");
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "CSV exportieren" }).click();
    const csv = await (await download).path().then((file) => readFile(file, "utf8"));
    expect(csv).toContain("Monat;Erhalten;Skonto gewährt;Offen am Monatsende");
    expect(csv).toContain(`${viennaToday().slice(0, 7)};1174,00;36,00;98,61`);
    const excel = page.waitForEvent("download");
    await page.getByRole("button", { name: "Excel exportieren" }).click();
    expect((await excel).suggestedFilename()).toMatch(
      /^Zahlungsauswertung \d{4}-\d{2}-\d{2} bis \d{4}-\d{2}-\d{2}\.xlsx$/,
    );
  });
});
