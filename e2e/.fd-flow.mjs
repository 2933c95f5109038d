// Ad-hoc check of the felddefinition helper's screens (not a test; removed afterwards).
import { chromium } from "@playwright/test";
import { readFileSync } from "node:fs";
const base = process.argv[2];
const out = "/tmp/shots/flow";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
const page = await browser.newPage({ viewport: { width: 1280, height: 860 }, acceptDownloads: true });
page.on("console", (m) => { if (m.type() === "error") console.log("console:", m.text()); });
await page.goto(`${base}/app/login`);
await page.getByLabel("Benutzername oder E-Mail").fill("admin");
await page.getByRole("textbox", { name: "Passwort", exact: true }).fill("admin123");
await page.getByRole("button", { name: "Anmelden" }).click();
await page.waitForTimeout(1500);
let i = 0;
const shot = async () => page.screenshot({ path: `${out}-${i++}.png`, fullPage: true });

// 1. Template: a text file named .pdf is refused at the input.
await page.goto(`${base}/app/rechnungsvorlage/new`);
await page.getByLabel("Name").fill("Logo klein");
const pick = async (file) => { const [chooser] = await Promise.all([page.waitForEvent("filechooser"), page.getByLabel("Datei").click()]); await chooser.setFiles(file); };
await pick("/tmp/fd/fake.pdf");
await page.waitForTimeout(300);
await page.getByRole("button", { name: "Speichern" }).click();
await page.waitForTimeout(800);
await shot();
// 2. The server's answer shows at the input too (answer faked once).
await page.route("**/app/api/rechnungsvorlages", (route) =>
  route.fulfill({ status: 400, contentType: "application/problem+json",
    body: JSON.stringify({ status: 400, code: "error.validation", title: "Bad Request", fieldErrors: [{ field: "vorlage", code: "invalid" }] }) }), { times: 1 });
await pick("/tmp/fd/logo.png");
await page.waitForTimeout(300);
await page.getByRole("button", { name: "Speichern" }).click();
await page.waitForTimeout(800);
await shot();
// 3. A real PNG saves and redirects; download it.
await page.getByRole("button", { name: "Speichern" }).click();
await page.waitForURL(/rechnungsvorlage\/\d+$/);
await page.waitForTimeout(800);
await shot();
const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: /herunterladen/i }).click()]);
const path = await download.path();
console.log("download:", download.suggestedFilename(), readFileSync(path).equals(readFileSync("/tmp/fd/logo.png")));

// 4. Firm groups: typing filters, the text is in the URL.
await page.goto(`${base}/app/firmengruppe_list`);
await page.getByLabel("Firmengruppe suchen").fill("wien");
await page.waitForTimeout(1200);
console.log("url:", page.url());
await shot();

// 5. A customer selection field with choices and a default value.
await page.goto(`${base}/app/kundefelddefinition/new`);
await page.getByLabel("Bezeichnung").fill("Zahlungsart"); await shot(); console.log(await page.getByRole("textbox").evaluateAll((els) => els.map((e) => e.outerHTML.slice(0, 200))));
await page.getByRole("textbox", { name: "Feldtyp" }).click();
await page.getByRole("option", { name: "Auswahlliste" }).click();
const tags = page.getByLabel("Auswahlwerte");
for (const v of ["Bar", "Überweisung", "Karte"]) { await tags.fill(v); await tags.press("Enter"); }
await page.getByRole("textbox", { name: "Vorgabewert" }).click();
await page.getByRole("option", { name: "Überweisung" }).click();
await page.getByRole("button", { name: "Speichern" }).click();
await page.waitForURL(/kundefelddefinition\/\d+$/);
await page.waitForTimeout(800);
await shot();
// switch to Zahl: the default no longer fits and is cleared, choices hidden
await page.getByRole("textbox", { name: "Feldtyp" }).click();
await page.getByRole("option", { name: "Zahl" }).click();
await page.waitForTimeout(300);
await shot();
await page.getByRole("button", { name: "Speichern" }).click();
await page.waitForTimeout(1000);
await shot();
await browser.close();
