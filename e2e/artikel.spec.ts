import { expect, type Page, test } from "@playwright/test";
import ExcelJS from "exceljs";
import { DEMO, schnellsucheWaehlen, signInFromStart } from "./fixtures.ts";
import { apiCall, apiSignIn, demoMandantId } from "./shell.fixtures.ts";

/** Specs share one server and database: every name this file creates carries this run's mark. */
const RUN = Date.now().toString(36);

/** A 2 x 2 red PNG: small, but a real image the server decodes and thumbnails. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==",
  "base64",
);

const saveButton = (page: Page) => page.getByRole("button", { name: "Speichern", exact: true });
const tab = (page: Page, name: string) => page.getByRole("tab", { name: new RegExp(`^${name}`) });
/** The tab panel on show (the others stay mounted but hidden). */
const panel = (page: Page) => page.getByRole("tabpanel");

test.describe("articles and catalogue", () => {
  test("an article with a base price, a tier price and an image: quick search, preview, duplicate, Excel", async ({
    page,
    request,
  }) => {
    const nummer = `A-${RUN}`;
    const name = `Glühbirne E27 ${RUN}`;
    const schiene = `Händler ${RUN}`;
    // The price tier the tier price belongs to (master data of issue 5).
    const admin = await apiSignIn(request, DEMO.admin);
    const mandantId = await demoMandantId(request, admin);
    await apiCall(request, admin, "PUT", "preisschienen", {
      mandantId,
      data: { bezeichnung: schiene, aktiv: true },
    });

    await signInFromStart(page, DEMO.admin);
    await page.goto("/app/artikel/new");
    await expect(page.getByRole("heading", { level: 1, name: "Neuer Artikel" })).toBeVisible();
    await panel(page).getByLabel("Artikelnummer").fill(nummer);
    await panel(page).getByRole("textbox", { name: "Bezeichnung", exact: true }).fill(name);

    await tab(page, "Preise").click();
    await panel(page).getByRole("button", { name: "Preis hinzufügen" }).click();
    await panel(page).getByRole("textbox", { name: "Preis", exact: true }).last().fill("4,90");
    await panel(page).getByRole("button", { name: "Preis hinzufügen" }).click();
    await panel(page).getByRole("textbox", { name: "Preis", exact: true }).last().fill("3,95");
    await panel(page).getByRole("combobox", { name: "Preisschiene" }).last().click();
    await page.getByRole("option", { name: schiene }).click();

    await tab(page, "Bilder").click();
    const chooser = page.waitForEvent("filechooser");
    await panel(page).getByRole("button", { name: "Bild hochladen" }).click();
    await (await chooser).setFiles({ name: "birne.png", mimeType: "image/png", buffer: PNG });
    await expect(panel(page).getByRole("button", { name: "Bild öffnen: birne.png" })).toBeVisible();

    await saveButton(page).click();
    await expect(page).toHaveURL(/\/app\/artikel\/\d+$/);
    const url = page.url();

    // The quick search of the list finds it by part of its number.
    await page.goto("/app/artikel_list/");
    await schnellsucheWaehlen(page, RUN.slice(1), new RegExp(name));
    await expect(page).toHaveURL(url);

    // The catalogue's preview shows the number, the name and the net sales price.
    await page.goto("/app/artikelkatalog/");
    await page.getByLabel("Suchbegriff").fill(nummer);
    await page.getByRole("button", { name: `Vorschau: ${name}` }).click();
    const preview = page.getByRole("dialog", { name: "Artikelvorschau" });
    await expect(preview.getByText(nummer)).toBeVisible();
    await expect(preview.getByText("4,90 €")).toBeVisible();
    await preview
      .getByRole("button", { name: /Schließen/ })
      .first()
      .click();

    // Duplicate: a new article with the same prices and image, under a new number.
    await page.goto(url);
    await page.getByRole("link", { name: "Duplizieren" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Artikel duplizieren" })).toBeVisible();
    await panel(page).getByLabel("Artikelnummer").fill(`${nummer}-B`);
    await saveButton(page).click();
    await expect(page).toHaveURL(/\/app\/artikel\/\d+$/);
    expect(page.url()).not.toBe(url);
    await tab(page, "Bilder").click();
    await expect(panel(page).getByRole("button", { name: "Bild öffnen: birne.png" })).toBeVisible();

    // The Excel export holds the article with today's base price.
    await page.goto("/app/artikel_list/");
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Excel-Export" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^Artikel_\d{4}-\d{2}-\d{2}\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await file.path());
    const sheet = workbook.worksheets[0]!;
    const rows: unknown[][] = [];
    sheet.eachRow((row) => {
      rows.push((row.values as unknown[]).slice(1));
    });
    const row = rows.find((values) => values.includes(nummer));
    expect(row, "the article's row").toBeDefined();
    expect(row).toContain(name);
    expect(row).toContain(4.9);
  });

  test("a user without ROLE_ARTIKEL_WRITE sees the catalogue and the article read-only", async ({
    page,
    request,
  }) => {
    const admin = await apiSignIn(request, DEMO.admin);
    const mandantId = await demoMandantId(request, admin);
    const mwst = await apiCall<{ id: number; defaultMwst: boolean }[]>(
      request,
      admin,
      "GET",
      "mehrwertssteuers/all",
      {
        mandantId,
      },
    );
    const name = `Schraube M8x40 ${RUN}`;
    const saved = await apiCall<{ id: number }>(request, admin, "PUT", "artikel", {
      mandantId,
      data: {
        artikelBezeichnung: name,
        mehrwertssteuer: { id: mwst.find((rate) => rate.defaultMwst)!.id },
        artikelPreisSet: [{ preis: 0.35, vonDatum: "2020-01-01", preisschiene: null }],
      },
    });

    await signInFromStart(page, DEMO.user);
    await page.goto("/app/artikelkatalog/");
    await page.getByLabel("Suchbegriff").fill(`M8x40 ${RUN}`);
    await expect(page.getByRole("button", { name: `Vorschau: ${name}` })).toBeVisible();
    await expect(page.getByRole("link", { name: "Bearbeiten" })).toHaveCount(0);

    await page.goto(`/app/artikel/${saved.id}`);
    await expect(
      page.getByText("Nur Ansicht: Zum Ändern von Artikeln fehlt die Berechtigung."),
    ).toBeVisible();
    await expect(saveButton(page)).toHaveCount(0);
    await expect(panel(page).getByRole("textbox", { name: "Bezeichnung", exact: true })).toBeDisabled();
  });
});
