import { expect, test } from "@playwright/test";
import { DEMO, signIn, signInFromStart } from "./fixtures.ts";

test.describe("sign-in", () => {
  test("admin signs in and sees home: greeting, Belege, tenant", async ({ page }) => {
    await page.goto("/app/");
    await expect(page).toHaveURL(/\/app\/login\?redirect=%2F$/);
    await expect(page.getByRole("heading", { name: "Anmelden" })).toBeVisible();

    await signIn(page, DEMO.admin);

    await expect(page).toHaveURL(/\/app\/$/);
    await expect(page.getByRole("heading", { level: 1, name: "Startseite" })).toBeVisible();
    await expect(page.getByText(/^Willkommen, \S.*!$/)).toBeVisible();
    await expect(page.getByRole("banner").getByText(DEMO.mandant)).toBeVisible();
    await expect(page.getByRole("banner").getByText("Kontor")).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem("kontor.token"))).toBeTruthy();
    expect(await page.evaluate(() => localStorage.getItem("kontor.mandantId"))).toMatch(/^\d+$/);
  });

  test("a wrong password shows the translated message and keeps the typed login", async ({ page }) => {
    await page.goto("/app/login");
    await signIn(page, { login: DEMO.user.login, password: "falsch123" });

    await expect(page.getByRole("alert")).toContainText(
      "Anmeldung fehlgeschlagen: Benutzername oder Passwort falsch.",
    );
    await expect(page.getByLabel("Benutzername oder E-Mail")).toHaveValue(DEMO.user.login);
    await expect(page.getByRole("textbox", { name: "Passwort", exact: true })).toHaveValue("");
    await expect(page).toHaveURL(/\/app\/login$/);

    // The second try, with the kept login, succeeds.
    await page.getByRole("textbox", { name: "Passwort", exact: true }).fill(DEMO.user.password);
    await page.getByRole("button", { name: "Anmelden" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Startseite" })).toBeVisible();
  });

  test("the form checks the shared rules before sending: required, password length", async ({ page }) => {
    await page.goto("/app/login");
    await page.getByRole("button", { name: "Anmelden" }).click();
    await expect(page.getByText("Dieses Feld ist erforderlich.")).toHaveCount(2);

    await page.getByLabel("Benutzername oder E-Mail").fill("admin");
    await page.getByRole("textbox", { name: "Passwort", exact: true }).fill("abc");
    await page.getByRole("button", { name: "Anmelden" }).click();
    await expect(page.getByText("Bitte mindestens 5 Zeichen eingeben.")).toBeVisible();
    await expect(page).toHaveURL(/\/app\/login$/);
  });

  test("too many failed attempts are refused with the time to wait", async ({ page }) => {
    await page.goto("/app/login");
    const alert = page.getByRole("alert");
    // A login that does not exist: the limit counts attempts per login name, the demo users stay usable.
    for (let attempt = 1; ; attempt++) {
      const answer = page.waitForResponse((response) => response.url().endsWith("/app/api/auth/login"));
      await signIn(page, { login: "niemand", password: `falsch-${attempt}` });
      if ((await answer).status() === 429) break;
      await expect(alert).toContainText("Benutzername oder Passwort falsch");
      expect(attempt, "the server should refuse after a few failures").toBeLessThan(10);
    }
    await expect(alert).toContainText("Zu viele Anmeldeversuche.");
    await expect(alert).toContainText(/Ein neuer Versuch ist in \d+ (Minuten?|Sekunden?) möglich\./);
    await expect(page.getByLabel("Benutzername oder E-Mail")).toHaveValue("niemand");
  });

  test("a deep link while signed out leads through the login back to that page", async ({ page }) => {
    await page.goto("/app/kunde_list/");
    await expect(page).toHaveURL(/\/app\/login\?redirect=%2Fkunde_list%2F$/);

    await signIn(page, DEMO.admin);

    await expect(page).toHaveURL(/\/app\/kunde_list\/$/);
    await expect(page.getByRole("heading", { level: 1, name: "Kunden und Lieferanten" })).toBeVisible();
    await expect(page.getByRole("banner").getByText(DEMO.mandant)).toBeVisible();
  });

  test("an unknown path shows 'page not found' inside the shell", async ({ page }) => {
    await signInFromStart(page, DEMO.admin);
    await page.goto("/app/gibt/es/nicht");
    await expect(page.getByRole("heading", { level: 1, name: "Seite nicht gefunden" })).toBeVisible();
    await expect(page.getByRole("banner").getByText(DEMO.mandant)).toBeVisible();
    await page.getByRole("link", { name: "Zur Startseite" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Startseite" })).toBeVisible();
  });
});

test.describe("sign-out", () => {
  test("logout returns to the login; protected pages then need a new sign-in", async ({ page }) => {
    await signInFromStart(page, DEMO.admin);

    await page.getByRole("button", { name: /^Benutzermenü/ }).click();
    await page.getByRole("menuitem", { name: "Abmelden" }).click();

    await expect(page).toHaveURL(/\/app\/login$/);
    expect(await page.evaluate(() => localStorage.getItem("kontor.token"))).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem("kontor.mandantId"))).toBeNull();

    await page.goto("/app/");
    await expect(page).toHaveURL(/\/app\/login\?redirect=%2F$/);
    await expect(page.getByRole("button", { name: "Anmelden" })).toBeVisible();
  });

  test("a token the server no longer accepts (401) signs out and asks to sign in again", async ({ page }) => {
    await signInFromStart(page, DEMO.admin);
    await page.evaluate(() => localStorage.setItem("kontor.token", "not-a-valid-token"));

    await page.goto("/app/kunde_list/");

    await expect(page).toHaveURL(/\/app\/login\?redirect=%2Fkunde_list%2F$/);
    expect(await page.evaluate(() => localStorage.getItem("kontor.token"))).toBeNull();
    await signIn(page, DEMO.admin);
    await expect(page).toHaveURL(/\/app\/kunde_list\/$/);
  });
});

test.describe("language", () => {
  test("the switch turns the login English and is remembered", async ({ page }) => {
    await page.goto("/app/login");
    await expect(page.locator("html")).toHaveAttribute("lang", "de");

    await page.getByRole("button", { name: "English" }).click();

    await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
    await expect(page.getByLabel("Username or e-mail")).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");

    await page.reload();
    await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();

    await page.getByLabel("Username or e-mail").fill(DEMO.user.login);
    await page.getByRole("textbox", { name: "Password", exact: true }).fill("wrong-password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("alert")).toContainText("Sign-in failed: wrong username or password.");

    await page.getByRole("button", { name: "Deutsch" }).click();
    await expect(page.getByRole("button", { name: "Anmelden" })).toBeVisible();
    await expect(page.getByRole("alert")).toContainText("Anmeldung fehlgeschlagen");
  });
});
