// Screenshots for looking at screens (not a test): node e2e/screenshots.mjs <base> <out-prefix> <path>[|<button>] ...
// Signs in (LOGIN/PASSWORD, default the demo admin), opens each path, optionally clicks a button (or a tab: "tab:<name>"),
// saves <out-prefix>-<n>.png.
import { chromium } from "@playwright/test";

const [base, out, ...paths] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
});
const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
page.on("console", (m) => {
  if (m.type() === "error") console.log("console:", m.text());
});
await page.goto(`${base}/app/login`);
await page.getByLabel("Benutzername oder E-Mail").fill(process.env.LOGIN ?? "admin");
await page.getByRole("textbox", { name: "Passwort", exact: true }).fill(process.env.PASSWORD ?? "admin123");
await page.getByRole("button", { name: "Anmelden" }).click();
await page.waitForTimeout(1500);
let i = 0;
for (const p of paths) {
  const [path, action] = p.split("|");
  await page.goto(`${base}/app${path}`);
  await page.waitForTimeout(1500);
  if (action) {
    await page
      .getByRole(action.startsWith("tab:") ? "tab" : "button", { name: action.replace(/^tab:/, "") })
      .first()
      .click();
    await page.waitForTimeout(800);
  }
  await page.screenshot({ path: `${out}-${i++}.png`, fullPage: true });
}
await browser.close();
