import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { DEMO, signIn, signInFromStart } from "./fixtures.ts";
import { waitForMailLink } from "./mail.ts";

/**
 * Invitations (issue 13): a tenant admin brings people from outside into the tenant only by e-mail. Specs share
 * one server and database: every address here is new, and the demo tenant only gains members.
 */
function unique(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

const INVITATION_LINK = /^\/app\/einladung\/[^/?]+$/;

async function adminToken(request: APIRequestContext): Promise<string> {
  const response = await request.post("/app/api/auth/login", {
    data: { usernameOrEmail: DEMO.admin.login, password: DEMO.admin.password },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { accessToken: string }).accessToken;
}

async function demoMandantId(request: APIRequestContext, token: string): Promise<number> {
  const response = await request.get("/app/api/mandants/all", {
    headers: { Authorization: `Bearer ${token}` },
  });
  const mandants = (await response.json()) as Array<{ id: number; bezeichnung: string }>;
  const mandant = mandants.find((candidate) => candidate.bezeichnung === DEMO.mandant);
  if (!mandant) throw new Error("the demo tenant is missing");
  return mandant.id;
}

async function signOut(page: Page) {
  await page.getByRole("button", { name: /^Benutzermenü/ }).click();
  await page.getByRole("menuitem", { name: "Abmelden" }).click();
  await expect(page).toHaveURL(/\/app\/login$/);
}

test.describe("invitations", () => {
  test("the admin invites a new address; the person registers through the mailed link and works in the tenant", async ({
    page,
    request,
  }) => {
    // Sign-ins, a registration and mail on two shared cores: generous.
    test.setTimeout(120_000);
    const login = unique("inv");
    const email = `${login}@example.com`;
    const mandantId = await demoMandantId(request, await adminToken(request));

    await signInFromStart(page, DEMO.admin);
    await page.goto(`/app/mandant/${mandantId}`);
    await expect(page.getByRole("heading", { level: 1, name: DEMO.mandant })).toBeVisible();
    await expect(page.getByText("Alle anderen laden Sie unten per E-Mail ein")).toBeVisible();

    // Enter in the address invites at once; it does not save the tenant.
    await page.getByLabel("E-Mail-Adresse").fill(email);
    await page.getByLabel("E-Mail-Adresse").press("Enter");
    await expect(page.getByText(`Einladung an ${email} gesendet`)).toBeVisible();
    const pending = page.getByRole("table", { name: "Offene Einladungen" });
    const row = pending.getByRole("row").filter({ hasText: email });
    await expect(row).toContainText("admin");
    await expect(row).toContainText(/\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}/);
    await expect(page.getByText("Gespeichert", { exact: true })).toHaveCount(0);

    const link = await waitForMailLink(email, INVITATION_LINK);
    await signOut(page);

    await page.goto(link);
    await expect(page.getByRole("heading", { level: 1, name: `Einladung zu ${DEMO.mandant}` })).toBeVisible();
    await expect(page.getByText(email, { exact: true })).toBeVisible();
    await page.getByLabel("Benutzername").fill(login);
    await page.getByLabel("Vorname").fill("Ina");
    await page.getByLabel("Nachname").fill("Vitée");
    await page.getByRole("textbox", { name: "Passwort", exact: true }).fill("geheim-123");
    await page.getByRole("textbox", { name: "Passwort bestätigen" }).fill("geheim-123");
    await page.getByRole("button", { name: "Konto anlegen und beitreten" }).click();
    await expect(page.getByRole("status")).toContainText(
      `Ihr Benutzerkonto ${login} ist angelegt und gehört jetzt zu ${DEMO.mandant}.`,
    );

    await page.getByRole("link", { name: "Anmelden" }).click();
    await expect(page).toHaveURL(/\/app\/login$/);
    await signIn(page, { login, password: "geheim-123" });
    await expect(page).toHaveURL(/\/app\/$/);
    await expect(page.getByRole("banner").getByText(DEMO.mandant)).toBeVisible();

    // The link worked once.
    await page.goto(link);
    await expect(page.getByRole("heading", { level: 1, name: "Einladung nicht gültig" })).toBeVisible();
    await expect(page.getByRole("alert")).toContainText("ungültig oder wurde bereits verwendet");
  });

  test("an existing user signs in from the link and accepts the invitation", async ({ page, request }) => {
    test.setTimeout(120_000);
    const token = await adminToken(request);
    const headers = { Authorization: `Bearer ${token}` };
    const mandantId = await demoMandantId(request, token);
    // Set-up, not the subject: an activated user of no tenant, invited by the admin.
    const login = unique("acc");
    const email = `${login}@example.com`;
    const created = await request.post("/app/api/users", {
      headers,
      data: {
        login,
        email,
        password: "start-123",
        activated: true,
        langKey: "de",
        authorities: ["ROLE_USER"],
        mandantIds: [],
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const invited = await request.post(`/app/api/mandants/${mandantId}/einladungen`, {
      headers,
      data: { email, langKey: "de" },
    });
    expect(invited.status(), await invited.text()).toBe(201);
    const link = await waitForMailLink(email, INVITATION_LINK);

    await page.goto(link);
    await expect(page.getByRole("heading", { level: 1, name: `Einladung zu ${DEMO.mandant}` })).toBeVisible();
    await expect(page.getByText(`Für ${email} gibt es bereits ein Benutzerkonto.`)).toBeVisible();
    await page.getByRole("link", { name: "Anmelden und annehmen" }).click();
    await expect(page).toHaveURL(/\/app\/login\?redirect=/);
    await signIn(page, { login, password: "start-123" });

    // Back at the invitation, signed in now.
    await expect(page).toHaveURL(new RegExp(`${link}$`));
    await expect(page.getByText(`Sie sind als ${login} angemeldet.`)).toBeVisible();
    await page.getByRole("button", { name: "Einladung annehmen" }).click();
    await expect(page).toHaveURL(/\/app\/$/);
    await expect(page.getByRole("banner").getByText(DEMO.mandant)).toBeVisible();

    // The administrator's list of pending invitations no longer has it.
    const list = await request.get(`/app/api/mandants/${mandantId}/einladungen`, { headers });
    expect(((await list.json()) as Array<{ email: string }>).map((row) => row.email)).not.toContain(email);
  });
});
