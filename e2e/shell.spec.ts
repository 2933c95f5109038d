import { expect, type Page, test } from "@playwright/test";
import { DEMO, signIn } from "./fixtures.ts";
import {
  type ApiSession,
  apiCall,
  apiSignIn,
  createMandant,
  demoMandantId,
  startInMandant,
  suppressNewsPopup,
  uniqueMandantName,
} from "./shell.fixtures.ts";

/**
 * The application shell (issue 4, SPEC §2 Shell, §4 News, §6): menu by modules and roles, tenant switch,
 * favorites, news. Every tenant this file needs besides the demo tenant is created here, uniquely named.
 */

let admin: ApiSession;
let user: ApiSession;
let demoId: number;

test.beforeAll(async ({ request }) => {
  admin = await apiSignIn(request, DEMO.admin);
  user = await apiSignIn(request, DEMO.user);
  demoId = await demoMandantId(request, admin);
});

const nav = (page: Page) => page.getByRole("navigation", { name: "Hauptmenü" });
const menuLink = (page: Page, name: string) => nav(page).getByRole("link", { name, exact: true });

async function signInTo(page: Page, credentials: { login: string; password: string }, mandantId: number) {
  await startInMandant(page, mandantId);
  await page.goto("/app/login");
  await signIn(page, credentials);
  await expect(page.getByRole("heading", { level: 1, name: "Startseite" })).toBeVisible();
}

test.describe("menu by modules and roles", () => {
  test("the administrator sees the administration and every user-menu entry", async ({ page }) => {
    await suppressNewsPopup(page, admin.userId);
    await signInTo(page, DEMO.admin, demoId);

    await expect(menuLink(page, "Mandanten")).toBeVisible();
    await expect(menuLink(page, "Module")).toBeVisible();
    await expect(menuLink(page, "Belege")).toBeVisible();
    await expect(nav(page).getByRole("region", { name: "Administration" })).toBeVisible();
    // Version display: administrators only.
    await expect(page.getByText(/^Version \S+$/)).toBeVisible();

    await page.getByRole("button", { name: /^Benutzermenü/ }).click();
    await expect(page.getByRole("menuitem", { name: "Einstellungen" })).toHaveAttribute(
      "href",
      "/app/settings/admin",
    );
    await expect(page.getByRole("menuitem", { name: "RKSV" })).toHaveAttribute("href", "/app/rksv");
    await expect(page.getByRole("menuitem", { name: "Passwort ändern" })).toHaveAttribute(
      "href",
      "/app/changepassword/admin",
    );
    await expect(page.getByRole("menuitem", { name: "Abmelden" })).toBeVisible();
  });

  test("a plain user sees neither tenants nor modules, nor the version", async ({ page }) => {
    await suppressNewsPopup(page, user.userId);
    await signInTo(page, DEMO.user, demoId);

    await expect(menuLink(page, "Kunden")).toBeVisible();
    await expect(menuLink(page, "Zahlungen")).toBeVisible();
    await expect(menuLink(page, "Mandanten")).toHaveCount(0);
    await expect(menuLink(page, "Module")).toHaveCount(0);
    await expect(nav(page).getByRole("region", { name: "Administration" })).toHaveCount(0);
    await expect(page.getByText(/^Version \S+$/)).toHaveCount(0);
  });

  test("an entry leads to its screen and is marked as the current one", async ({ page }) => {
    await suppressNewsPopup(page, user.userId);
    await signInTo(page, DEMO.user, demoId);
    await menuLink(page, "Kunden").click();
    await expect(page).toHaveURL(/\/app\/kunde_list\/$/);
    await expect(menuLink(page, "Kunden")).toHaveAttribute("aria-current", "page");
    await expect(menuLink(page, "Startseite")).not.toHaveAttribute("aria-current", "page");
  });
});

test.describe("tenant switch", () => {
  let kassaName: string;
  let kassaId: number;

  test.beforeAll(async ({ request }) => {
    kassaName = uniqueMandantName("Kassa");
    kassaId = await createMandant(request, admin, {
      bezeichnung: kassaName,
      modulList: ["kassabuch"],
      userIds: [user.userId],
    });
  });

  test("switching changes the menu, clears tenant state, is remembered, and stays on the screen when it can", async ({
    page,
  }) => {
    await suppressNewsPopup(page, user.userId);
    await signInTo(page, DEMO.user, demoId);
    await expect(menuLink(page, "Zahlungen")).toBeVisible();
    await expect(menuLink(page, "Belege")).toBeVisible();

    // A screen the other tenant lacks (no payments module there), with tenant state in the browser.
    await menuLink(page, "Zahlungen").click();
    await expect(page).toHaveURL(/\/app\/zahlung_list\/$/);
    await page.evaluate(() => {
      window.localStorage.setItem("kontor.tenant.filter.e2e", "{}");
      window.sessionStorage.setItem("kontor.tenant.filter.e2e", "{}");
    });

    const remembered = page.waitForRequest(
      (request) => request.url().endsWith("/app/api/selectedMandant") && request.method() === "POST",
    );
    await page.getByRole("button", { name: `Mandant wechseln: ${DEMO.mandant}` }).click();
    await page.getByRole("menuitem", { name: kassaName }).click();

    await expect(page).toHaveURL(/\/app\/$/);
    await expect(page.getByRole("button", { name: `Mandant wechseln: ${kassaName}` })).toBeVisible();
    await expect(menuLink(page, "Kassabuch")).toBeVisible();
    await expect(menuLink(page, "Zahlungen")).toHaveCount(0);
    await expect(menuLink(page, "Belege")).toHaveCount(0);
    expect((await remembered).postDataJSON()).toEqual({ mandantId: kassaId });
    expect(
      await page.evaluate(() => [
        window.localStorage.getItem("kontor.tenant.filter.e2e"),
        window.sessionStorage.getItem("kontor.tenant.filter.e2e"),
        window.localStorage.getItem("kontor.mandantId"),
      ]),
    ).toEqual([null, null, String(kassaId)]);

    // The tenant has no RKSV: the user menu has no RKSV entry.
    await page.getByRole("button", { name: /^Benutzermenü/ }).click();
    await expect(page.getByRole("menuitem", { name: "Passwort ändern" })).toBeVisible();
    await expect(page.getByRole("menuitem", { name: "RKSV" })).toHaveCount(0);
    await page.keyboard.press("Escape");

    // A reload stays in the chosen tenant.
    await page.reload();
    await expect(menuLink(page, "Kassabuch")).toBeVisible();
    await expect(menuLink(page, "Zahlungen")).toHaveCount(0);

    // Back to the demo tenant (also what the server remembers for this user, for the other specs) from a list both
    // tenants have: the list stays.
    await menuLink(page, "Kunden").click();
    await expect(page).toHaveURL(/\/app\/kunde_list\/$/);
    await page.getByRole("button", { name: `Mandant wechseln: ${kassaName}` }).click();
    await page.getByRole("menuitem", { name: DEMO.mandant }).click();
    await expect(menuLink(page, "Zahlungen")).toBeVisible();
    await expect(page).toHaveURL(/\/app\/kunde_list\/$/);
    await expect(page.getByRole("button", { name: `Mandant wechseln: ${DEMO.mandant}` })).toBeVisible();
    await expect(menuLink(page, "Belege")).toBeVisible();
  });
});

test.describe("home, help and placeholders (issue 21)", () => {
  test("home shows the tiles, the help explains the areas, a later screen says what it will hold", async ({
    page,
  }) => {
    await suppressNewsPopup(page, admin.userId);
    await signInTo(page, DEMO.admin, demoId);
    // The demo tenant's data on the home tiles.
    await expect(page.getByRole("heading", { name: "Offene Belege" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Zuletzt geänderte Kunden" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Zuletzt geänderte Artikel" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Neuer Kunde" })).toBeVisible();

    await nav(page).getByRole("link", { name: "Anleitung anzeigen" }).click();
    await expect(page).toHaveURL(/\/app\/hilfe$/);
    await expect(page.getByRole("heading", { level: 1, name: "Hilfe" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Tastatur" })).toBeVisible();
    // The cash book's section links to its screen.
    await page
      .getByRole("article", { name: "Kassabuch" })
      .getByRole("link", { name: "Kassabuch", exact: true })
      .click();
    await expect(page).toHaveURL(/\/app\/kassabuch_list\/$/);

    await menuLink(page, "Verleih").click();
    await expect(page.getByRole("heading", { level: 1, name: "Noch nicht verfügbar" })).toBeVisible();
    await expect(page.getByText("Verleih von Artikeln")).toBeVisible();
    await page.getByRole("link", { name: "Hilfe zu allen Bereichen" }).click();
    await expect(page).toHaveURL(/\/app\/hilfe$/);
  });
});

test.describe("favorites", () => {
  let favId: number;

  test.beforeAll(async ({ request }) => {
    favId = await createMandant(request, admin, {
      bezeichnung: uniqueMandantName("Favoriten"),
      modulList: ["kassabuch"],
      userIds: [user.userId],
    });
  });

  test("a pinned entry stays in the favorites after a reload, and can be unpinned", async ({ page }) => {
    await suppressNewsPopup(page, user.userId);
    await signInTo(page, DEMO.user, favId);
    const favorites = nav(page).getByRole("region", { name: "Favoriten" });
    await expect(favorites).toHaveCount(0);

    const kassabuch = nav(page)
      .getByRole("listitem")
      .filter({ has: page.getByRole("link", { name: "Kassabuch", exact: true }) });
    await kassabuch.hover();
    await kassabuch.getByRole("button", { name: "An Favoriten heften" }).click();
    await expect(favorites.getByRole("link", { name: "Kassabuch" })).toBeVisible();

    await page.reload();
    await expect(favorites.getByRole("link", { name: "Kassabuch" })).toBeVisible();
    await favorites.getByRole("link", { name: "Kassabuch" }).click();
    await expect(page).toHaveURL(/\/app\/kassabuch_list\/$/);

    await favorites.getByRole("button", { name: "Von Favoriten lösen" }).click();
    await expect(favorites).toHaveCount(0);
    await page.reload();
    await expect(menuLink(page, "Kassabuch")).toBeVisible();
    await expect(favorites).toHaveCount(0);
  });

  test("the sidebar can be minimized to icons, and stays so after a reload", async ({ page }) => {
    await suppressNewsPopup(page, user.userId);
    await signInTo(page, DEMO.user, favId);
    await page.getByRole("button", { name: "Menü minimieren" }).click();
    // Icons only: the entries keep their names for assistive technology, the pins are gone.
    await expect(menuLink(page, "Kassabuch")).toBeVisible();
    await expect(menuLink(page, "Kassabuch")).not.toContainText("Kassabuch");
    await expect(nav(page).getByRole("button", { name: "An Favoriten heften" })).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole("button", { name: "Menü ausklappen" })).toBeVisible();
    await page.getByRole("button", { name: "Menü ausklappen" }).click();
    await expect(menuLink(page, "Kassabuch")).toContainText("Kassabuch");
  });

  test("on a phone the menu opens with the burger and closes on navigation", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await suppressNewsPopup(page, user.userId);
    await signInTo(page, DEMO.user, favId);
    const link = page.getByRole("link", { name: "Kassabuch", exact: true, includeHidden: true });
    await expect(link).not.toBeInViewport();
    await page.getByRole("button", { name: "Menü öffnen" }).click();
    await expect(link).toBeInViewport();
    await link.click();
    await expect(page).toHaveURL(/\/app\/kassabuch_list\/$/);
    await expect(link).not.toBeInViewport();
    await expect(page.getByRole("button", { name: "Menü öffnen" })).toBeVisible();
  });
});

test.describe("news", () => {
  let newsId: number;
  let adminNewsread: boolean;
  const first = `Erste Neuigkeit ${Date.now()}`;
  const second = `Zweite Neuigkeit ${Date.now()}`;

  test.beforeAll(async ({ request }) => {
    // Its own tenant: news created by other specs elsewhere cannot interfere.
    newsId = await createMandant(request, admin, {
      bezeichnung: uniqueMandantName("News"),
      modulList: ["benachrichtigungen"],
      userIds: [admin.userId, user.userId],
    });
    adminNewsread = (await apiCall<{ newsread: boolean }>(request, admin, "GET", "account")).newsread;
    for (const [bezeichnung, editor] of [
      [first, '<p>Hallo <strong>Welt</strong><img src="x" onerror="window.__xss = 1"></p>'],
      [second, "<p>Noch eine Nachricht.</p>"],
    ]) {
      await apiCall(request, admin, "PUT", "benachrichtigung", {
        mandantId: newsId,
        data: { bezeichnung, editor, aktiv: true, restrictions: [] },
      });
    }
    await apiCall(request, admin, "PUT", "benachrichtigung/resetstatus", {
      mandantId: newsId,
      expected: 204,
    });
  });

  test.afterAll(async ({ request }) => {
    // resetstatus touched every member: give the administrator back the flag it had.
    await apiCall(request, admin, "POST", "account/newsread", { data: { newsread: adminNewsread } });
  });

  test("pops up once a day after sign-in, and no more after 'do not show anymore'", async ({ page }) => {
    const dialog = page.getByRole("dialog", { name: "Neuigkeiten" });
    const clearLastChecked = () =>
      page.evaluate(() => {
        for (const key of Object.keys(window.localStorage)) {
          if (key.startsWith("kontor.newsChecked.")) window.localStorage.removeItem(key);
        }
      });

    await signInTo(page, DEMO.user, newsId);

    // Newest first, one per page; the stored HTML is shown without its script.
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("heading", { name: second })).toBeVisible();
    await dialog.getByRole("button", { name: "2", exact: true }).click();
    await expect(dialog.getByRole("heading", { name: first })).toBeVisible();
    await expect(dialog.getByText("Welt")).toBeVisible();
    expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();

    // Closed without the tick: not again today …
    await dialog.getByRole("button", { name: "Schließen" }).last().click();
    await expect(dialog).toBeHidden();
    const bell = page.getByRole("button", { name: "Neuigkeiten anzeigen (ungelesen)" });
    await expect(bell).toBeVisible();
    await page.reload();
    await expect(bell).toBeVisible();
    await page.waitForTimeout(1000); // the check runs right after the shell appears
    await expect(dialog).toBeHidden();

    // … but on another day it comes back; now "do not show anymore".
    await clearLastChecked();
    await page.reload();
    await expect(dialog).toBeVisible();
    await dialog.getByLabel("Nicht mehr anzeigen").check();
    const saved = page.waitForResponse(
      (response) =>
        response.url().endsWith("/app/api/account/newsread") && response.request().method() === "POST",
    );
    await dialog.getByRole("button", { name: "Schließen" }).last().click();
    expect((await saved).status()).toBe(204);
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("button", { name: "Neuigkeiten anzeigen", exact: true })).toBeVisible();

    // Another day, another sign-in: no popup; the bell still opens the news.
    await page.getByRole("button", { name: /^Benutzermenü/ }).click();
    await page.getByRole("menuitem", { name: "Abmelden" }).click();
    await expect(page).toHaveURL(/\/app\/login/);
    await clearLastChecked();
    await page.evaluate((id) => window.localStorage.setItem("kontor.mandantId", String(id)), newsId);
    await page.goto("/app/login");
    await signIn(page, DEMO.user);
    const quietBell = page.getByRole("button", { name: "Neuigkeiten anzeigen", exact: true });
    await expect(quietBell).toBeVisible();
    await page.waitForTimeout(1000);
    await expect(dialog).toBeHidden();
    await quietBell.click();
    await expect(dialog.getByRole("heading", { name: second })).toBeVisible();
  });
});
