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
  await expect(page.getByRole("heading", { level: 1, name: "Belege" })).toBeVisible();
}
