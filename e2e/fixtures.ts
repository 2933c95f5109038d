import { expect, type Page } from "@playwright/test";

/** Seeded on a fresh data directory with KONTOR_DEMO_DATA=true (README "Demo logins"). */
export const DEMO = {
  admin: { login: "admin", password: "admin123" },
  user: { login: "user", password: "user123" },
  mandant: "Muster Handels GmbH",
} as const;

/** Fills and submits the login form (German UI) on the page that is open. */
export async function signIn(page: Page, credentials: { login: string; password: string }) {
  await page.getByLabel("Benutzername oder E-Mail").fill(credentials.login);
  await page.getByRole("textbox", { name: "Passwort", exact: true }).fill(credentials.password);
  await page.getByRole("button", { name: "Anmelden" }).click();
}

/** Opens the login page and signs in; waits for the home page. */
export async function signInFromStart(page: Page, credentials: { login: string; password: string }) {
  await page.goto("/app/login");
  await signIn(page, credentials);
  await expect(page.getByRole("heading", { level: 1, name: "Startseite" })).toBeVisible();
}

/**
 * Picks a customer in a "Kunde" quick search: types `text` and clicks the option matching `option`. Typing is
 * repeated until the option shows — a field that is still loading (a lazy search, a busy machine) can drop what
 * was typed.
 */
export async function kundeWaehlen(page: Page, text: string, option: RegExp) {
  const feld = page.getByRole("combobox", { name: "Kunde", exact: true });
  await expect(async () => {
    await feld.fill("");
    await feld.fill(text);
    await expect(page.getByRole("option", { name: option }).first()).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 45_000 });
  await page.getByRole("option", { name: option }).first().click();
}

/**
 * Picks a hit of a list's quick search ("Schnellsuche"): types `text` and clicks the option matching `option`.
 * The same box filters the table too: on a busy machine the list's refresh can close the dropdown before its
 * hits show, so typing is repeated until the option is there (a user would click into the box again).
 */
export async function schnellsucheWaehlen(page: Page, text: string, option: RegExp) {
  const feld = page.getByRole("combobox", { name: "Schnellsuche" });
  await expect(async () => {
    await feld.fill("");
    await feld.fill(text);
    await expect(page.getByRole("option", { name: option }).first()).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 45_000 });
  await page.getByRole("option", { name: option }).first().click();
}
