import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { DEMO, signIn } from "./fixtures.ts";
import { apiCall, apiSignIn, createAdminLike } from "./shell.fixtures.ts";

/**
 * English mode is complete (issue 21): the language picked in the app is kept on the account, and no screen
 * reachable from the menu — list, new and first-row edit screens — shows a word that only the German catalogue
 * has. Data (table rows, field values, the tenant's and user's names) is the user's own and is left out.
 */
const LOCALES = path.resolve(import.meta.dirname, "../packages/i18n/locales");

function catalogueWords(language: "de" | "en"): Set<string> {
  const words = new Set<string>();
  const walk = (value: unknown) => {
    if (typeof value === "string") {
      for (const word of value.replace(/\{\{[^}]*\}\}/g, " ").split(/[^\p{L}]+/u))
        if (word.length >= 4) words.add(word.toLowerCase());
    } else if (value && typeof value === "object") Object.values(value).forEach(walk);
  };
  for (const file of readdirSync(path.join(LOCALES, language)))
    walk(JSON.parse(readFileSync(path.join(LOCALES, language, file), "utf8")));
  return words;
}

const english = catalogueWords("en");
/** Words of the German catalogue that the English one never uses ("Kunde", "Speichern", …). */
const germanOnly = new Set([...catalogueWords("de")].filter((word) => !english.has(word)));

/** The visible interface text of the page: text outside table bodies and data fields, labels, placeholders. */
async function interfaceText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const visible = (element: Element) => (element as HTMLElement).offsetParent !== null;
    const clone = document.body.cloneNode(true) as HTMLElement;
    // Rows of lists are data; so are the tenant's and user's names in the header and rich-text content.
    for (const data of clone.querySelectorAll('tbody, [translate="no"], .ProseMirror, textarea, option'))
      data.remove();
    document.body.append(clone);
    clone.style.position = "absolute";
    clone.style.left = "-100000px";
    const text = clone.innerText;
    clone.remove();
    const attributes = [...document.querySelectorAll("[placeholder], [aria-label], [title]")]
      .filter(visible)
      .filter((element) => !element.closest('tbody, [translate="no"]'))
      .flatMap((element) => ["placeholder", "aria-label", "title"].map((name) => element.getAttribute(name)))
      .filter((value): value is string => Boolean(value));
    return [text, ...attributes].join("\n");
  });
}

/** German-formatted numbers and dates (1.234,56 € · 12,5 % · 24.12.2026) where English ones belong. */
const GERMAN_FORMATS = [/\d,\d{2}\s?€/, /\d,\d{1,2}\s?%/, /\b\d{2}\.\d{2}\.\d{4}\b/];

function germanIn(text: string, allText: string, data: Set<string>): string[] {
  const found = new Set<string>();
  for (const word of text.split(/[^\p{L}]+/u))
    if (word.length >= 4 && germanOnly.has(word.toLowerCase()) && !data.has(word.toLowerCase()))
      found.add(word);
  for (const format of GERMAN_FORMATS) {
    const match = format.exec(allText);
    if (match) found.add(`format "${match[0]}"`);
  }
  return [...found];
}

/** Waits until the screen has settled: its heading shows and no request is running any more. */
async function settled(page: Page) {
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  await page.waitForLoadState("networkidle", { timeout: 15_000 }).catch(() => undefined);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
}

test("English: kept on the account across sign-ins; no German word on any screen of the menu", async ({
  browser,
  request,
}) => {
  test.setTimeout(600_000);
  // A user of its own: the demo admin's language stays German for the other specs.
  const admin = await apiSignIn(request, DEMO.admin);
  const user = await createAdminLike(request, admin, "de");

  // Picked once in the app (German sign-in, then the header's switch) …
  const first = await browser.newContext();
  const page1 = await first.newPage();
  await page1.goto("/app/login");
  await signIn(page1, user);
  await expect(page1.getByRole("heading", { level: 1 })).toBeVisible();
  await page1.getByRole("button", { name: "English" }).first().click();
  await expect(page1.locator("html")).toHaveAttribute("lang", "en");
  await expect
    .poll(
      async () =>
        (await apiCall<{ langKey: string }>(request, await apiSignIn(request, user), "GET", "account"))
          .langKey,
    )
    .toBe("en");
  await first.close();

  // … a new device (nothing stored) signs in German and switches to the account's English.
  const context = await browser.newContext();
  const page = await context.newPage();
  // Words the server sends are data (names of tenants, price tiers, discounts, custom fields, seeded records —
  // the API sends codes, never UI text): every string of every JSON answer seen joins this set.
  const data = new Set<string>();
  const collect = (value: unknown) => {
    if (typeof value === "string") {
      for (const word of value.split(/[^\p{L}]+/u)) if (word.length >= 4) data.add(word.toLowerCase());
    } else if (value && typeof value === "object") Object.values(value).forEach(collect);
  };
  page.on("response", (response) => {
    if (response.url().includes("/app/api/") && response.headers()["content-type"]?.includes("json"))
      response.json().then(collect, () => undefined);
  });
  await page.goto("/app/login");
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await signIn(page, user);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await settled(page);

  // The sidebar's entries render in a deferred pass after the screen.
  await expect(page.locator("nav a[href^='/app/']").nth(20)).toBeAttached();
  const menu = await page
    .locator("nav a[href^='/app/']")
    .evaluateAll((links) => [...new Set(links.map((link) => (link as HTMLAnchorElement).pathname))]);
  expect(menu.length).toBeGreaterThan(20);

  const problems: string[] = [];
  const checkOne = async (where: string) => {
    const found = germanIn(await interfaceText(page), await page.locator("body").innerText(), data);
    if (found.length > 0) problems.push(`${where}: ${found.join(", ")}`);
  };
  const check = async (where: string) => {
    await settled(page);
    await checkOne(where);
    // Every tab of an edit screen.
    const tabs = page.locator('main [role="tab"]:not([disabled]):not([aria-selected="true"])');
    for (let index = 0; index < (await tabs.count()); index++) {
      const tab = tabs.nth(index);
      const name = (await tab.innerText()).trim();
      await tab.click();
      await settled(page);
      await checkOne(`${where} [${name}]`);
    }
  };
  const visited = new Set<string>();
  const visit = async (target: string) => {
    if (visited.has(target)) return;
    visited.add(target);
    await page.goto(target);
    await check(target);
  };

  for (const entry of menu) {
    await visit(entry);
    // A list's first row and its "new" screen: the edit screens of the area.
    // Read at once (evaluateAll does not wait): a table that re-renders between a count and a read (a tab just
    // switched) left `first().evaluate` waiting for a row that was gone until the test's timeout.
    const firstPath = (selector: string) =>
      page
        .locator(selector)
        .evaluateAll((links) => (links[0] as HTMLAnchorElement | undefined)?.pathname ?? null);
    const firstRow = await firstPath("tbody a[href^='/app/']");
    const create = await firstPath("main a[href$='/new'], main a[href$='/neu']");
    if (firstRow) await visit(firstRow);
    if (create) await visit(create);
  }
  for (const extra of ["/app/settings", "/app/sessions", `/app/changepassword/${user.login}`])
    await visit(extra);

  expect(problems, `German words on English screens:\n${problems.join("\n")}`).toEqual([]);
  await context.close();
});
