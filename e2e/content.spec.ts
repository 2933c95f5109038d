import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import {
  type APIRequestContext,
  type Browser,
  expect,
  type Locator,
  type Page,
  test,
} from "@playwright/test";
import { DEMO, signInFromStart } from "./fixtures.ts";
import {
  type ApiSession,
  apiCall,
  apiSignIn,
  createMandant,
  startInMandant,
  suppressNewsPopup,
  uniqueMandantName,
} from "./shell.fixtures.ts";

/**
 * Content (issue 23), as a writer and a reader use it: the admin makes a subfolder, uploads two files at once and
 * previews them; a disguised file (an .exe named .pdf) is refused by name and nothing of its upload is stored; a
 * user with ROLE_CONTENT_READONLY sees folders and files and their previews but no control to change them, and the
 * API refuses a change. Every test works in a tenant of its own (module content), so nothing depends on other specs.
 */

/** A 1 × 1 PNG: the smallest real image (the browser decodes it: naturalWidth 1). */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

/** A minimal valid one-page PDF with a line of text (objects, cross-reference table with exact offsets, trailer). */
function minimalPdf(text: string): Buffer {
  const stream = `BT /F1 12 Tf 20 50 Td (${text}) Tj ET`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 100] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let pdf = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(pdf.length);
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, "0")} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, "latin1");
}
const PDF = minimalPdf("Angebot Kontor");

/** A Windows program ("MZ" header) under a PDF's name. */
const EXE = Buffer.concat([
  Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00]),
  Buffer.alloc(120, 0),
]);

const b64 = (bytes: Buffer) => bytes.toString("base64");

interface Zeile {
  id: number;
  filename: string;
  parent: number | null;
}

/** A tenant of its own with the content module; the demo admin (every authority) is its member. */
async function inhalteMandant(
  request: APIRequestContext,
  admin: ApiSession,
  purpose: string,
): Promise<number> {
  return createMandant(request, admin, {
    bezeichnung: uniqueMandantName(`Inhalte ${purpose}`),
    modulList: ["content"],
    userIds: [admin.userId],
  });
}

async function angemeldet(
  browser: Browser,
  mandantId: number,
  login: { login: string; password: string },
  userId: number,
): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await startInMandant(page, mandantId);
  await suppressNewsPopup(page, userId);
  await signInFromStart(page, login);
  return page;
}

const dateienIn = (request: APIRequestContext, session: ApiSession, mandantId: number, folder: number) =>
  apiCall<Zeile[]>(request, session, "GET", `contentFileInFolder?folder=${folder}`, { mandantId });

/**
 * The folder path (breadcrumbs). Labelled "Ordnerpfad", but Mantine's Breadcrumbs render a plain div, which
 * gives no navigation landmark: found by its label.
 */
const ordnerpfad = (page: Page) => page.getByLabel("Ordnerpfad", { exact: true });
/** The list screen's sections: subfolders, and the files of the folder. */
const ordnerBereich = (page: Page) => page.getByRole("region", { name: "Ordner", exact: true });
const dateiBereich = (page: Page) => page.getByRole("region", { name: "Dateien", exact: true });
const uploadBereich = (page: Page) => page.getByRole("region", { name: "Hochladen", exact: true });
const vorschau = (page: Page) => page.getByRole("region", { name: "Vorschau", exact: true });
const uploadZeile = (page: Page, name: string) =>
  uploadBereich(page).getByRole("listitem").filter({ hasText: name });

/** Picks files in the upload's file chooser (several at once). */
async function hochladen(page: Page, files: { name: string; mimeType: string; buffer: Buffer }[]) {
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: "Dateien hochladen" }).click();
  const fileChooser = await chooser;
  expect(fileChooser.isMultiple(), "the file input takes several files").toBe(true);
  await fileChooser.setFiles(files);
}

/** The image of the preview loaded (decoded by the browser), not only placed in the page. */
async function bildGeladen(bild: Locator) {
  await expect(bild).toBeVisible();
  await expect
    .poll(() => bild.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
    .toBeGreaterThan(0);
}

async function pdfVorschau(page: Page, name: string) {
  const frame = vorschau(page).locator(`iframe[title="PDF-Vorschau von ${name}"]`);
  await expect(frame).toBeAttached();
  await expect(frame).toHaveAttribute("src", /^blob:/);
}

test.describe("content", () => {
  test("the admin creates a subfolder, uploads a PNG and a PDF at once and previews both", async ({
    browser,
    request,
  }) => {
    const admin = await apiSignIn(request, DEMO.admin);
    const mandantId = await inhalteMandant(request, admin, "Upload");
    const ordnerName = `Projekt ${randomUUID().slice(0, 8)}`;

    const page = await angemeldet(browser, mandantId, DEMO.admin, admin.userId);
    await page.goto("/app/content_list/root");
    await expect(page.getByRole("heading", { level: 1, name: "Dateien" })).toBeVisible();
    await expect(ordnerBereich(page).getByText("Keine Unterordner.")).toBeVisible();

    // A new subfolder of the top level, opened from the list.
    await page.getByRole("button", { name: "Neuer Ordner" }).click();
    const dialog = page.getByRole("dialog", { name: "Neuer Ordner" });
    await dialog.getByRole("textbox", { name: "Ordnername" }).fill(ordnerName);
    await dialog.getByRole("button", { name: "Speichern" }).click();
    await expect(dialog).toBeHidden();
    await ordnerBereich(page).getByRole("link", { name: ordnerName }).click();
    await expect(page).toHaveURL(/\/app\/content_list\/\d+$/);
    const folderId = Number(/content_list\/(\d+)$/.exec(page.url())?.[1]);
    await expect(ordnerpfad(page)).toContainText(ordnerName);
    await expect(dateiBereich(page).getByText("Keine Dateien in diesem Ordner.")).toBeVisible();

    // Two files in one pick: both uploaded, both listed.
    await hochladen(page, [
      { name: "pixel.png", mimeType: "image/png", buffer: PNG },
      { name: "angebot.pdf", mimeType: "application/pdf", buffer: PDF },
    ]);
    await expect(uploadBereich(page)).toContainText("2 von 2 Dateien hochgeladen");
    await expect(uploadZeile(page, "pixel.png")).toContainText("hochgeladen");
    await expect(uploadZeile(page, "angebot.pdf")).toContainText("hochgeladen");
    await expect(dateiBereich(page).getByRole("link", { name: "pixel.png", exact: true })).toBeVisible();
    await expect(dateiBereich(page).getByRole("link", { name: "angebot.pdf", exact: true })).toBeVisible();
    // The writer's controls per file (the reader's screen below has none of them).
    for (const action of ["Umbenennen", "Verschieben", "Löschen", "Herunterladen"])
      await expect(dateiBereich(page).getByRole("button", { name: `${action}: pixel.png` })).toBeVisible();
    const stored = await dateienIn(request, admin, mandantId, folderId);
    expect(stored.map((f) => f.filename).sort()).toEqual(["angebot.pdf", "pixel.png"]);

    // The PNG: its page shows the image, decoded.
    await dateiBereich(page).getByRole("link", { name: "pixel.png", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/app/content/${folderId}/\\d+$`));
    await expect(page.getByRole("heading", { level: 1, name: "pixel.png" })).toBeVisible();
    await bildGeladen(vorschau(page).getByRole("img", { name: "pixel.png" }));

    // Back in the folder, the PDF: its page shows the PDF in a frame.
    await page.getByRole("link", { name: "Zurück zum Ordner" }).click();
    await expect(page).toHaveURL(new RegExp(`/app/content_list/${folderId}$`));
    await dateiBereich(page).getByRole("link", { name: "angebot.pdf", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: "angebot.pdf" })).toBeVisible();
    await pdfVorschau(page, "angebot.pdf");
    await page.context().close();
  });

  test("a disguised file (an .exe named .pdf) is refused by name; nothing of its upload is stored", async ({
    browser,
    request,
  }) => {
    const admin = await apiSignIn(request, DEMO.admin);
    const mandantId = await inhalteMandant(request, admin, "Abgelehnt");
    const folder = await apiCall<{ id: number }>(request, admin, "PUT", "folders", {
      mandantId,
      data: { folderName: "Eingang", parent: null },
    });

    const page = await angemeldet(browser, mandantId, DEMO.admin, admin.userId);
    await page.goto(`/app/content_list/${folder.id}`);
    await expect(ordnerpfad(page)).toContainText("Eingang");
    await expect(dateiBereich(page).getByText("Keine Dateien in diesem Ordner.")).toBeVisible();

    // The program under a PDF's name, sent together with a good image: the whole upload is refused.
    await hochladen(page, [
      { name: "evil.pdf", mimeType: "application/pdf", buffer: EXE },
      { name: "gut.png", mimeType: "image/png", buffer: PNG },
    ]);
    await expect(uploadZeile(page, "evil.pdf")).toContainText(
      "abgelehnt: Dieser Dateityp ist hier nicht erlaubt.",
    );
    await expect(uploadZeile(page, "gut.png")).toContainText(
      "nicht gespeichert: eine andere Datei der Sendung wurde abgelehnt",
    );
    await expect(uploadBereich(page)).toContainText(
      "Einige Dateien wurden abgelehnt. Nichts aus ihrer Sendung wurde gespeichert.",
    );
    await expect(uploadBereich(page)).toContainText("0 von 2 Dateien hochgeladen");
    await expect(dateiBereich(page).getByText("Keine Dateien in diesem Ordner.")).toBeVisible();
    expect(await dateienIn(request, admin, mandantId, folder.id)).toEqual([]);
    const gesucht = await apiCall<Zeile[]>(request, admin, "GET", "contentFile?search=evil", { mandantId });
    expect(gesucht).toEqual([]);

    // Sent again without the refused file: the image is stored, the program still is not.
    await uploadBereich(page)
      .getByRole("button", { name: "Ohne fehlerhafte Dateien erneut hochladen" })
      .click();
    await expect(uploadZeile(page, "gut.png")).toContainText("hochgeladen");
    await expect(uploadZeile(page, "evil.pdf")).toContainText(
      "abgelehnt: Dieser Dateityp ist hier nicht erlaubt.",
    );
    await expect(dateiBereich(page).getByRole("link", { name: "gut.png", exact: true })).toBeVisible();
    await expect(dateiBereich(page).getByRole("link", { name: "evil.pdf" })).toHaveCount(0);
    const stored = await dateienIn(request, admin, mandantId, folder.id);
    expect(stored.map((f) => f.filename)).toEqual(["gut.png"]);
    await page.context().close();
  });

  test("a user with ROLE_CONTENT_READONLY sees folders, files and previews but cannot change anything", async ({
    browser,
    request,
  }) => {
    const admin = await apiSignIn(request, DEMO.admin);
    const mandantId = await inhalteMandant(request, admin, "Lesen");
    const leser = { login: `leser-${randomUUID().slice(0, 8)}`, password: "start-123" };
    const { id: leserId } = await apiCall<{ id: number }>(request, admin, "POST", "users", {
      expected: 201,
      data: {
        ...leser,
        email: `${leser.login}@example.com`,
        firstName: "Lena",
        lastName: "Leser",
        activated: true,
        langKey: "de",
        authorities: ["ROLE_USER", "ROLE_CONTENT_READONLY"],
        mandantIds: [mandantId],
      },
    });
    const ordnerName = `Handbuch ${randomUUID().slice(0, 8)}`;
    const folder = await apiCall<{ id: number }>(request, admin, "PUT", "folders", {
      mandantId,
      data: { folderName: ordnerName, parent: null },
    });
    const files = await apiCall<Zeile[]>(request, admin, "PUT", "contentfiles", {
      mandantId,
      data: {
        parent: folder.id,
        files: [
          { filename: "pixel.png", inhalt: b64(PNG) },
          { filename: "angebot.pdf", inhalt: b64(PDF) },
        ],
      },
    });
    const pixel = files.find((f) => f.filename === "pixel.png");
    expect(pixel, "the uploaded image").toBeDefined();

    // The top level: the folder, no control to change anything.
    const page = await angemeldet(browser, mandantId, leser, leserId);
    await page.goto("/app/content_list/root");
    await expect(
      page.getByText("Nur lesen: Sie können Inhalte ansehen und herunterladen, aber nicht ändern."),
    ).toBeVisible();
    await expect(ordnerBereich(page).getByRole("link", { name: ordnerName })).toBeVisible();
    for (const name of ["Neuer Ordner", "Neuer Text", "Dateien hochladen"])
      await expect(page.getByRole("button", { name })).toHaveCount(0);
    for (const action of ["Umbenennen", "Verschieben", "Löschen"])
      await expect(page.getByRole("button", { name: `${action}: ${ordnerName}` })).toHaveCount(0);
    await expect(page.getByTestId("content-dropzone")).toHaveCount(0);

    // The folder: both files, downloadable, but no rename, move or delete.
    await ordnerBereich(page).getByRole("link", { name: ordnerName }).click();
    await expect(page).toHaveURL(new RegExp(`/app/content_list/${folder.id}$`));
    await expect(dateiBereich(page).getByRole("link", { name: "pixel.png", exact: true })).toBeVisible();
    await expect(dateiBereich(page).getByRole("link", { name: "angebot.pdf", exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Dateien hochladen" })).toHaveCount(0);
    for (const file of ["pixel.png", "angebot.pdf"])
      for (const action of ["Umbenennen", "Verschieben", "Löschen"])
        await expect(page.getByRole("button", { name: `${action}: ${file}` })).toHaveCount(0);
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Herunterladen: angebot.pdf" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe("angebot.pdf");
    expect(await readFile(await file.path())).toEqual(PDF);

    // The image's page: the preview, no name field, no save.
    await dateiBereich(page).getByRole("link", { name: "pixel.png", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/app/content/${folder.id}/${pixel?.id}$`));
    await expect(page.getByRole("heading", { level: 1, name: "pixel.png" })).toBeVisible();
    await bildGeladen(vorschau(page).getByRole("img", { name: "pixel.png" }));
    await expect(page.getByRole("button", { name: "Herunterladen", exact: true })).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Dateiname" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Speichern" })).toHaveCount(0);
    await page.getByRole("link", { name: "Zurück zum Ordner" }).click();
    await dateiBereich(page).getByRole("link", { name: "angebot.pdf", exact: true }).click();
    await pdfVorschau(page, "angebot.pdf");
    await page.context().close();

    // The API refuses every change to the reader (403), and nothing changed.
    const session = await apiSignIn(request, leser);
    const refused = { mandantId, expected: 403 };
    await apiCall(request, session, "PUT", "folders", {
      ...refused,
      data: { folderName: "Neu", parent: folder.id },
    });
    await apiCall(request, session, "PUT", "folders", {
      ...refused,
      data: { id: folder.id, folderName: "Umbenannt", parent: null },
    });
    await apiCall(request, session, "PUT", "contentfiles", {
      ...refused,
      data: { parent: folder.id, files: [{ filename: "neu.png", inhalt: b64(PNG) }] },
    });
    await apiCall(request, session, "PUT", `contentFile/${pixel?.id}`, {
      ...refused,
      data: { filename: "umbenannt.png", parent: folder.id },
    });
    await apiCall(request, session, "DELETE", `contentFile/${pixel?.id}`, refused);
    await apiCall(request, session, "DELETE", `folders/${folder.id}`, refused);
    const danach = await dateienIn(request, admin, mandantId, folder.id);
    expect(danach.map((f) => f.filename).sort()).toEqual(["angebot.pdf", "pixel.png"]);
    const ordner = await apiCall<Array<{ folderName: string }>>(request, admin, "GET", "subfolders", {
      mandantId,
    });
    expect(ordner.map((f) => f.folderName)).toEqual([ordnerName]);
  });
});
