import { deflateSync } from "node:zlib";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { DEMO, signInFromStart } from "./fixtures.ts";
import { apiSignIn, createMandant, startInMandant, uniqueMandantName } from "./shell.fixtures.ts";

/** Specs share one server and database: every name this file creates carries this run's mark. */
const RUN = Date.now().toString(36);

async function apiToken(request: APIRequestContext) {
  const response = await request.post("/app/api/auth/login", {
    data: { usernameOrEmail: DEMO.admin.login, password: DEMO.admin.password },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { accessToken: string }).accessToken;
}

/** CRC-32 of PNG chunks (ISO 3309). */
function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** A small RGBA PNG made here (a blue disc on a transparent ground): the logo the spec uploads. */
function testPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8 bits, RGBA, deflate, no filter, no interlace
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 4); // filter byte 0, then pixels
    for (let x = 0; x < width; x++) {
      const inside = (x - height / 2) ** 2 + (y - height / 2) ** 2 < (height / 2 - 2) ** 2;
      if (inside) row.set([30, 90, 170, 255], 1 + x * 4);
    }
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.concat(rows))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** The texts of one column of the list table's body rows. */
async function columnTexts(page: Page, column: number): Promise<string[]> {
  return page
    .locator("tbody tr")
    .evaluateAll(
      (rows, index) => rows.map((row) => row.querySelectorAll("td")[index]?.textContent ?? ""),
      column,
    );
}

test.describe("tenant administration", () => {
  test("the admin creates a tenant with some modules and the user 'user' in the wizard", async ({ page }) => {
    // Sorts after the demo tenant: the user's default tenant (the first active one) stays "Muster Handels GmbH".
    const name = `Wizard-Test GmbH ${RUN}`;
    await signInFromStart(page, DEMO.admin);
    await page.goto("/app/mandant_list/");
    await expect(page.getByRole("heading", { level: 1, name: "Mandanten" })).toBeVisible();
    await page.getByRole("link", { name: "Mit Assistent anlegen" }).click();
    await expect(page).toHaveURL(/\/app\/mandant\/new\/wizard$/);

    // Step 1: the name is required before going on.
    await page.getByRole("button", { name: "Weiter" }).click();
    await expect(page.getByText("Dieses Feld ist erforderlich.")).toBeVisible();
    await page.getByLabel("Bezeichnung").fill(name);
    // The VAT id is checked as the customer's: a wrong check digit is refused with the specific reason.
    await page.getByLabel("UID-Nummer").fill("ATU12345678");
    await page.getByLabel("E-Mail").fill(`office-${RUN}@example.com`);
    await page.getByRole("button", { name: "Weiter" }).click();
    await expect(page.getByText("Die Prüfziffer der UID stimmt nicht.")).toBeVisible();
    await page.getByLabel("UID-Nummer").fill("ATU12345675");
    await expect(page.getByText("Gültige UID (AT)")).toBeVisible();
    await page.getByRole("button", { name: "Weiter" }).click();

    // Step 2: one address.
    await page.getByRole("button", { name: "Adresse hinzufügen" }).click();
    await page.getByLabel("Straße").fill("Ringstraße");
    await page.getByLabel("Hausnummer").fill("12");
    await page.getByLabel("PLZ").fill("8010");
    await page.getByLabel("Ort").fill("Graz");
    await page.getByRole("button", { name: "Weiter" }).click();

    // Step 3: a subset of the modules.
    await expect(page.getByText("0 von 24 Modulen ausgewählt")).toBeVisible();
    await page.getByRole("checkbox", { name: /^Kassabuch/ }).check();
    await page.getByRole("checkbox", { name: /^Rechnungslegung/ }).check();
    await page.getByRole("checkbox", { name: /^Benachrichtigungen/ }).check();
    await expect(page.getByText("3 von 24 Modulen ausgewählt")).toBeVisible();
    await page.getByRole("button", { name: "Weiter" }).click();

    // Step 4: the normal user, found by the server's user search.
    await page.getByRole("combobox", { name: "Benutzer hinzufügen" }).fill("user");
    await page.getByRole("option", { name: /\(user\)$/ }).click();
    await expect(
      page.getByRole("table", { name: "Benutzer" }).getByRole("cell", { name: "user", exact: true }),
    ).toBeVisible();
    await page.getByRole("button", { name: "Weiter" }).click();

    // Step 5: the summary, then create.
    const summary = page.getByRole("table", { name: "Zusammenfassung" });
    await expect(summary).toContainText(name);
    await expect(summary).toContainText("Ringstraße 12, 8010 Graz, Österreich");
    await expect(summary).toContainText("(3/24)");
    await page.getByRole("button", { name: "Mandant anlegen" }).click();

    await expect(page.getByText("Gespeichert", { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/app\/mandant\/\d+$/);
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(page.getByRole("checkbox", { name: /^Kassabuch/ })).toBeChecked();
    await expect(page.getByRole("checkbox", { name: "CRM-Notizen" })).not.toBeChecked();
    await expect(page.getByRole("table", { name: "Benutzer" })).toContainText("user");

    // The list shows it: newest first (the database may hold more tenants than one page, e.g. on PostgreSQL in CI).
    await page.getByRole("link", { name: "Zurück zur Liste" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Mandanten" })).toBeVisible();
    await page.goto("/app/mandant_list/?sort=id,desc");
    await expect(page.getByRole("cell", { name, exact: true })).toBeVisible();
  });

  test("the plain form keeps the input and shows the field errors; deactivation asks first", async ({
    page,
  }) => {
    const name = `E2E Form AG ${RUN}`;
    await signInFromStart(page, DEMO.admin);
    await page.goto("/app/mandant/new");
    // Save stays off while the rules find errors; the save row names the inputs, each shows its error once left.
    const speichern = page.getByRole("button", { name: "Speichern" });
    await expect(page.getByText("Zum Speichern fehlt oder ist ungültig: Bezeichnung")).toBeVisible();
    await expect(speichern).toBeDisabled();
    await page.getByLabel("E-Mail").fill("keine-adresse");
    await page.getByLabel("E-Mail").blur();
    await expect(page.getByText("Bitte geben Sie eine gültige E-Mail-Adresse ein.")).toBeVisible();
    await expect(page.getByText("Zum Speichern fehlt oder ist ungültig: Bezeichnung, E-Mail")).toBeVisible();
    await page.getByRole("button", { name: "Bezeichnung", exact: true }).click();
    await expect(page.getByText("Dieses Feld ist erforderlich.")).toBeVisible();
    await expect(page.getByLabel("Bezeichnung")).toBeFocused();
    await expect(page.getByLabel("E-Mail")).toHaveValue("keine-adresse");

    await page.getByLabel("Bezeichnung").fill(name);
    await page.getByLabel("E-Mail").fill("");
    await page.getByLabel("Anfangsbestand der Kassa").fill("1234,5");
    await page.getByLabel("Startdatum der Kassa").fill("01.02.2025");
    // The bank account: a wrong check digit is refused at the field, the input kept.
    await page.getByLabel("IBAN").fill("AT61 1904 3002 3457 3202");
    await page.getByLabel("IBAN").blur();
    await expect(page.getByText("Die Prüfziffer stimmt nicht. Bitte prüfen Sie die Eingabe.")).toBeVisible();
    await expect(speichern).toBeDisabled();
    await expect(page.getByLabel("IBAN")).toHaveValue("AT61 1904 3002 3457 3202");
    await page.getByLabel("IBAN").fill("at611904300234573201");
    await page.getByLabel("BIC").fill("BKAUATWW");
    await page.getByRole("button", { name: "Speichern" }).click();
    await expect(page.getByText("Gespeichert", { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/app\/mandant\/\d+$/);
    await expect(page.getByLabel("Anfangsbestand der Kassa")).toHaveValue("1.234,50");
    await expect(page.getByLabel("Startdatum der Kassa")).toHaveValue("01.02.2025");
    await expect(page.getByLabel("IBAN")).toHaveValue("AT61 1904 3002 3457 3201");

    await page.getByRole("button", { name: "Deaktivieren" }).click();
    const dialog = page.getByRole("dialog", { name: "Deaktivieren?" });
    await expect(dialog).toContainText(name);
    await dialog.getByRole("button", { name: "Deaktivieren" }).click();
    // The status badge beside the title says what the toast says (issue 21: one word per language).
    await expect(page.getByRole("main").getByText("Deaktiviert", { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Aktivieren" })).toBeVisible();
  });

  test("document output: PDF settings saved with the tenant, the logo uploaded at once and previewed", async ({
    page,
    request,
  }) => {
    // The logo belongs to the tenant in X-Mandant-Id: a tenant of its own with the admin as a member.
    const admin = await apiSignIn(request, DEMO.admin);
    const name = uniqueMandantName("Logo");
    const mandantId = await createMandant(request, admin, {
      bezeichnung: name,
      modulList: [],
      userIds: [admin.userId],
    });
    await signInFromStart(page, DEMO.admin);
    await page.goto(`/app/mandant/${mandantId}`);
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    const section = page.getByRole("group", { name: "Belegausgabe" });
    await expect(section.getByText("Noch kein Logo hochgeladen.")).toBeVisible();

    // The settings are form fields: saved with the tenant.
    await expect(section.getByRole("radio", { name: /^Form B/ })).toBeChecked();
    await section.getByRole("radio", { name: /^Form A/ }).check();
    await section.getByRole("combobox", { name: "Layout der Beleg-PDFs" }).click();
    await page.getByRole("option", { name: "Kompakt" }).click();
    await section.getByRole("textbox", { name: "Fußzeile" }).fill("Geschäftsführer: Max Muster · FN 123456a");
    await page.getByRole("button", { name: "Speichern" }).click();
    await expect(page.getByText("Gespeichert", { exact: true })).toBeVisible();

    // A text file named .png is refused before any upload; a PNG is stored at once and shown.
    const upload = section.locator('input[type="file"]');
    await upload.setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: Buffer.from("kein Bild") });
    await expect(section.getByRole("alert")).toContainText("„logo.png“ ist kein PNG- oder JPEG-Bild.");
    await upload.setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: testPng(96, 32) });
    await expect(section.getByRole("img", { name: "Aktuelles Logo" })).toBeVisible();
    await expect(section.getByText("96 × 32 Pixel")).toBeVisible();
    await expect(page.getByText("Logo gespeichert")).toBeVisible();

    await page.reload();
    const reloaded = page.getByRole("group", { name: "Belegausgabe" });
    await expect(reloaded.getByRole("img", { name: "Aktuelles Logo" })).toBeVisible();
    await expect(reloaded.getByRole("radio", { name: /^Form A/ })).toBeChecked();
    await expect(reloaded.getByRole("combobox", { name: "Layout der Beleg-PDFs" })).toHaveValue("Kompakt");
    await expect(reloaded.getByRole("textbox", { name: "Fußzeile" })).toHaveValue(
      "Geschäftsführer: Max Muster · FN 123456a",
    );
    await expect(reloaded.getByRole("button", { name: "Logo ersetzen" })).toBeVisible();
  });

  test("the list sorts by a clicked column and pages on the server", async ({ page, request }) => {
    const token = await apiToken(request);
    // Lower-case names sort after every capitalised one by code point: they lead the descending order.
    const names = Array.from({ length: 23 }, (_, i) => `zzz-e2e-${RUN}-${String(i + 1).padStart(2, "0")}`);
    for (const bezeichnung of names) {
      const response = await request.put("/app/api/mandants", {
        headers: { Authorization: `Bearer ${token}` },
        data: { bezeichnung },
      });
      expect(response.ok(), await response.text()).toBe(true);
    }

    await signInFromStart(page, DEMO.admin);
    await page.goto("/app/mandant_list/");
    await expect(page.getByText(/^Seite 1 von \d+ · [\d.]+ Einträge$/)).toBeVisible();

    // Ascending by name is the default; one click on "Bezeichnung" sorts descending.
    const sorted = page.waitForResponse(
      (r) => r.url().includes("/app/api/mandants/list") && r.url().includes("desc"),
    );
    await page.getByRole("button", { name: "Bezeichnung" }).click();
    expect((await sorted).url()).toContain("sort=bezeichnung%2Cdesc");
    await expect(page).toHaveURL(/sort=bezeichnung%2Cdesc/);
    await expect(page.locator("tbody tr").first()).toContainText(names[22]!);
    const first = await columnTexts(page, 1);
    expect(first).toHaveLength(20);
    expect(first.slice(0, 20)).toEqual([...names].reverse().slice(0, 20));

    await page.getByRole("button", { name: "Seite 2", exact: true }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.locator("tbody tr").first()).toContainText(names[2]!);
    const second = await columnTexts(page, 1);
    expect(second.slice(0, 3)).toEqual([names[2], names[1], names[0]]);
    expect(second.some((text) => first.includes(text))).toBe(false);
    await expect(page.getByText(/^Seite 2 von \d+ · [\d.]+ Einträge$/)).toBeVisible();

    // Back (browser history) returns to page 1 of the same order.
    await page.goBack();
    await expect(page.locator("tbody tr").first()).toContainText(names[22]!);
  });
});

test.describe("notifications", () => {
  // Their own tenant: active news in the demo tenant would pop up over the screens of specs running beside these.
  let mandantId: number;
  test.beforeAll(async ({ request }) => {
    const admin = await apiSignIn(request, DEMO.admin);
    mandantId = await createMandant(request, admin, {
      bezeichnung: uniqueMandantName("Benachrichtigungen"),
      modulList: ["benachrichtigungen", "rechnungslegung"],
      userIds: [admin.userId],
    });
  });
  test.beforeEach(({ page }) => startInMandant(page, mandantId));

  test("the admin writes a notification with rich text and a restriction, previews, deactivates and deletes it", async ({
    page,
  }) => {
    const title = `E2E Neuigkeit ${RUN}`;
    await signInFromStart(page, DEMO.admin);
    await page.goto("/app/benachrichtigungen_list/");
    await page.getByRole("link", { name: "Neue Benachrichtigung" }).click();
    await expect(page).toHaveURL(/\/app\/benachrichtigungen\/new$/);

    await page.getByLabel("Bezeichnung").fill(title);
    await page.getByRole("combobox", { name: "Sichtbar für" }).click();
    await page.getByRole("option", { name: "Administrator", exact: true }).click();
    await page.keyboard.press("Escape");
    const editor = page.getByRole("textbox", { name: "Inhalt" });
    await editor.click();
    await page.getByRole("button", { name: "Überschrift 2" }).click();
    await page.keyboard.type("Neu im Kontor");
    await page.keyboard.press("Enter");
    await page.getByRole("button", { name: "Fett" }).click();
    await page.keyboard.type("Wichtig");

    // A file that only claims to be an image is refused, with the reason.
    await page.locator('input[type="file"]').setInputFiles({
      name: "bild.png",
      mimeType: "image/png",
      buffer: Buffer.from("<html>kein Bild</html>"),
    });
    await expect(
      page.getByText("Die Datei ist kein Bild (erlaubt: PNG, JPEG, GIF, WebP).").first(),
    ).toBeVisible();
    // A real (tiny) PNG is embedded.
    await page.locator('input[type="file"]').setInputFiles({
      name: "punkt.png",
      mimeType: "image/png",
      buffer: Buffer.from(
        "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
        "base64",
      ),
    });
    await expect(editor.locator('img[src^="data:image/png;base64,"]')).toHaveCount(1);

    await page.getByRole("button", { name: "Speichern" }).click();
    await expect(page.getByText("Gespeichert", { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/app\/benachrichtigungen\/\d+$/);
    await expect(editor.locator("h2")).toHaveText("Neu im Kontor");
    await expect(editor.locator("strong")).toHaveText("Wichtig");

    await page.getByRole("link", { name: "Zurück zur Liste" }).click();
    const row = page.locator("tbody tr", { hasText: title });
    await expect(row.getByRole("checkbox", { name: "Aktiv" })).toBeChecked();
    await row.getByRole("button", { name: `Vorschau: ${title}` }).click();
    const preview = page.getByRole("dialog", { name: `Vorschau: ${title}` });
    await expect(preview.getByRole("heading", { name: "Neu im Kontor" })).toBeVisible();
    await page.keyboard.press("Escape");

    await row.getByRole("link", { name: `Bearbeiten: ${title}` }).click();
    await page.getByRole("button", { name: "Deaktivieren" }).click();
    await page
      .getByRole("dialog", { name: "Deaktivieren?" })
      .getByRole("button", { name: "Deaktivieren" })
      .click();
    await expect(page.getByRole("alert").getByText("Deaktiviert", { exact: true })).toBeVisible();

    await page.getByRole("link", { name: "Zurück zur Liste" }).click();
    await expect(row.getByRole("checkbox", { name: "Aktiv" })).not.toBeChecked();
    await row.getByRole("button", { name: `Löschen: ${title}` }).click();
    await page
      .getByRole("dialog", { name: "Eintrag löschen?" })
      .getByRole("button", { name: "Löschen" })
      .click();
    await expect(page.getByText("Gelöscht", { exact: true })).toBeVisible();
    await expect(row).toHaveCount(0);
  });

  test("'notify everyone again' asks first and confirms", async ({ page }) => {
    await signInFromStart(page, DEMO.admin);
    await page.goto("/app/benachrichtigungen_list/");
    await page.getByRole("button", { name: "Alle erneut benachrichtigen" }).click();
    const dialog = page.getByRole("dialog", { name: "Alle erneut benachrichtigen?" });
    await dialog.getByRole("button", { name: "Alle erneut benachrichtigen" }).click();
    await expect(page.getByText("Alle Benutzer werden erneut benachrichtigt.")).toBeVisible();
  });
});

test.describe("module types", () => {
  test("the admin renames a module; the code stays", async ({ page }) => {
    await signInFromStart(page, DEMO.admin);
    await page.goto("/app/module_list/");
    const row = page.locator("tbody tr", { hasText: "quartalskalender" });
    await row.getByRole("link", { name: /^Bearbeiten:/ }).click();
    await expect(page.getByLabel("Kürzel")).toHaveValue("quartalskalender");
    await expect(page.getByLabel("Kürzel")).toHaveAttribute("readonly", "");
    await page.getByLabel("Beschreibung").fill(`Kalender nach Quartalen (${RUN})`);
    await page.getByRole("button", { name: "Speichern" }).click();
    await expect(page.getByText("Gespeichert", { exact: true })).toBeVisible();
    await page.getByRole("link", { name: "Zurück zur Liste" }).click();
    await expect(page.locator("tbody tr", { hasText: "quartalskalender" })).toContainText(`(${RUN})`);
  });

  test("a normal user is refused with a translated message", async ({ page }) => {
    await signInFromStart(page, DEMO.user);
    await page.goto("/app/module_list/");
    await expect(page.getByRole("alert")).toContainText("Dafür fehlt Ihnen die Berechtigung.");
  });
});
