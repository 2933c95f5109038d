import { MantineProvider } from "@mantine/core";
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from "@tanstack/react-router";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import i18next from "i18next";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { session } from "../../app/session.ts";
import { initTestI18n } from "../../test/komponententest.ts";
import { visible } from "../../test/visible.ts";
import { EinladungPage } from "./EinladungPage.tsx";

beforeAll(() => initTestI18n(["common", "account", "errors", "validation"]));

afterEach(() => {
  cleanup();
  session.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  auth: string | null;
}

type Answer = { status: number; body?: unknown };

const problem = (status: number, code: string, fieldErrors: unknown[] = []): Answer => ({
  status,
  body: { status, title: "x", code, fieldErrors },
});

const INFO = {
  mandant: "Muster Handels GmbH",
  email: "neu@example.com",
  invitedBy: "admin",
  accountExists: false,
};

/** The API behind the real client (fetch stubbed at the boundary); every call is recorded. */
function fakeApi(handle: (call: Call) => Answer | undefined) {
  const calls: Call[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), "http://localhost");
      const call: Call = {
        method: init?.method ?? "GET",
        path: url.pathname.replace(/^\/app\/api\//, ""),
        query: url.searchParams,
        body: typeof init?.body === "string" ? JSON.parse(init.body) : undefined,
        auth: new Headers(init?.headers).get("Authorization"),
      };
      calls.push(call);
      const answer = handle(call) ?? problem(404, "error.notFound");
      if (answer.status === 204 || answer.body === undefined)
        return new Response(null, { status: answer.status });
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: {
          "content-type": answer.status >= 400 ? "application/problem+json" : "application/json",
        },
      });
    }),
  );
  return calls;
}

function renderAt(path: string) {
  const rootRoute = createRootRoute({ component: Outlet });
  const einladungRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: "einladung/$key",
    component: EinladungPage,
  });
  const loginRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: "login",
    component: () => <p>Anmeldeseite</p>,
  });
  const router = createRouter({
    routeTree: rootRoute.addChildren([einladungRoute, loginRoute]),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  render(
    <MantineProvider env="test">
      <RouterProvider router={router} />
    </MantineProvider>,
  );
  return router;
}

const heading = (name: string | RegExp) => screen.findByRole("heading", { level: 1, name });
const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: RegExp, value: string) => fireEvent.change(field(label), { target: { value } });

// Lazy parts load on shared CI cores: a slow step is not a failure (see test/setup.ts).
describe("invitation link /einladung/{key}", { timeout: 20_000 }, () => {
  it("names a used or unknown link as such", async () => {
    const calls = fakeApi((call) =>
      call.path === "einladung" ? problem(400, "error.keyInvalid") : undefined,
    );
    renderAt("/einladung/abc");
    await heading("Einladung nicht gültig");
    expect(screen.getByRole("alert").textContent).toBe(
      "Dieser Einladungslink ist ungültig oder wurde bereits verwendet. Bitten Sie die Person, die Sie eingeladen hat, um eine neue Einladung.",
    );
    expect(calls[0]?.query.get("key")).toBe("abc");
    expect(calls[0]?.auth).toBeNull();
    expect(screen.getByRole("link", { name: "Zur Anmeldung" }).getAttribute("href")).toBe("/login");
  });

  it("names an expired invitation as such", async () => {
    fakeApi((call) => (call.path === "einladung" ? problem(400, "error.keyExpired") : undefined));
    renderAt("/einladung/old");
    await heading("Einladung nicht gültig");
    expect(screen.getByRole("alert").textContent).toContain("Diese Einladung ist abgelaufen.");
  });

  it("shows tenant, inviter and address, and leads an existing account to the sign-in and back", async () => {
    fakeApi((call) =>
      call.path === "einladung" ? { status: 200, body: { ...INFO, accountExists: true } } : undefined,
    );
    renderAt("/einladung/k1");
    await heading("Einladung zu Muster Handels GmbH");
    const facts = screen.getByText("Mandant").closest("dl");
    expect(facts?.textContent).toBe(
      "MandantMuster Handels GmbHEingeladen vonadminEingeladene Adresseneu@example.com",
    );
    expect(
      visible(screen.getByText("Für neu@example.com gibt es bereits ein Benutzerkonto.", { exact: false })),
    ).toBe(true);
    const signIn = screen.getByRole("link", { name: "Anmelden und annehmen" });
    expect(signIn.getAttribute("href")).toBe("/login?redirect=%2Feinladung%2Fk1");
    expect(screen.queryByLabelText(/^Passwort/)).toBeNull();
  });

  it("creates the account through the invitation, checked with the shared rules first", async () => {
    const calls = fakeApi((call) => {
      if (call.path === "einladung") return { status: 200, body: INFO };
      if (call.method === "POST" && call.path === "einladung/register") return { status: 201 };
      return undefined;
    });
    renderAt("/einladung/k2");
    await heading("Einladung zu Muster Handels GmbH");
    expect(
      visible(
        screen.getByText(
          "Legen Sie Ihr Benutzerkonto für neu@example.com an. Es ist sofort aktiv und gehört zum Mandanten.",
        ),
      ),
    ).toBe(true);

    type(/^Benutzername/, "Neu.Person");
    type(/^Vorname/, "Nora");
    type(/^Passwort\s*\*?$/, "geheim-123");
    type(/^Passwort bestätigen/, "geheim-124");
    fireEvent.click(screen.getByRole("button", { name: "Konto anlegen und beitreten" }));
    expect(
      visible(await screen.findByText("Das Passwort und seine Bestätigung stimmen nicht überein!")),
    ).toBe(true);
    expect(calls.some((call) => call.path === "einladung/register")).toBe(false);

    type(/^Passwort bestätigen/, "geheim-123");
    fireEvent.click(screen.getByRole("button", { name: "Konto anlegen und beitreten" }));
    const done = await screen.findByRole("status");
    expect(done.textContent).toBe(
      "Willkommen bei Kontor!Ihr Benutzerkonto neu.person ist angelegt und gehört jetzt zu Muster Handels GmbH. Melden Sie sich an, um loszulegen.",
    );
    expect(calls.find((call) => call.path === "einladung/register")?.body).toEqual({
      key: "k2",
      login: "neu.person",
      firstName: "Nora",
      lastName: null,
      password: "geheim-123",
      langKey: "de",
    });
    expect(screen.getByRole("link", { name: "Anmelden" }).getAttribute("href")).toBe("/login");
  });

  it("puts a taken login at its field and keeps what was typed", async () => {
    fakeApi((call) => {
      if (call.path === "einladung") return { status: 200, body: INFO };
      if (call.path === "einladung/register") return problem(400, "error.loginUsed");
      return undefined;
    });
    renderAt("/einladung/k3");
    await heading("Einladung zu Muster Handels GmbH");
    type(/^Benutzername/, "admin");
    type(/^Passwort\s*\*?$/, "geheim-123");
    type(/^Passwort bestätigen/, "geheim-123");
    fireEvent.click(screen.getByRole("button", { name: "Konto anlegen und beitreten" }));
    expect(visible(await screen.findByText("Dieser Anmeldename ist bereits vergeben!"))).toBe(true);
    expect(field(/^Benutzername/).getAttribute("aria-invalid")).toBe("true");
    expect(field(/^Passwort\s*\*?$/).value).toBe("geheim-123");
  });

  it("turns to the sign-in when the address got an account in the meantime (409)", async () => {
    fakeApi((call) => {
      if (call.path === "einladung") return { status: 200, body: INFO };
      if (call.path === "einladung/register") return problem(409, "error.conflict");
      return undefined;
    });
    renderAt("/einladung/k4");
    await heading("Einladung zu Muster Handels GmbH");
    type(/^Benutzername/, "nora");
    type(/^Passwort\s*\*?$/, "geheim-123");
    type(/^Passwort bestätigen/, "geheim-123");
    fireEvent.click(screen.getByRole("button", { name: "Konto anlegen und beitreten" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe(
      "Für neu@example.com gibt es inzwischen ein Benutzerkonto. Melden Sie sich damit an, um die Einladung anzunehmen.",
    );
    expect(screen.getByRole("link", { name: "Anmelden und annehmen" }).getAttribute("href")).toBe(
      "/login?redirect=%2Feinladung%2Fk4",
    );
  });

  it("signed in with the invited address: accepts, selects the tenant and starts the app at home", async () => {
    session.signIn("token-1");
    const assign = vi.fn();
    vi.stubGlobal("location", { ...window.location, assign });
    const calls = fakeApi((call) => {
      if (call.path === "einladung") return { status: 200, body: { ...INFO, accountExists: true } };
      if (call.path === "account")
        return { status: 200, body: { id: 9, login: "nora", email: "Neu@example.com", authorities: [] } };
      if (call.method === "POST" && call.path === "einladung/accept") return { status: 204 };
      if (call.path === "mandants/all")
        return {
          status: 200,
          body: [
            { id: 3, bezeichnung: "Andere GmbH", aktiv: true },
            { id: 7, bezeichnung: "Muster Handels GmbH", aktiv: true },
          ],
        };
      return undefined;
    });
    renderAt("/einladung/k5");
    expect(visible(await screen.findByText("Sie sind als nora angemeldet."))).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Einladung annehmen" }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith("/app/"));
    const accept = calls.find((call) => call.path === "einladung/accept");
    expect(accept?.body).toEqual({ key: "k5" });
    expect(accept?.auth).toBe("Bearer token-1");
    expect(session.get().mandantId).toBe(7);
  });

  it("signed in with another address: says so before sending and offers another account", async () => {
    session.signIn("token-2");
    const calls = fakeApi((call) => {
      if (call.path === "einladung") return { status: 200, body: INFO };
      if (call.path === "account")
        return { status: 200, body: { id: 4, login: "user", email: "user@example.com", authorities: [] } };
      return undefined;
    });
    renderAt("/einladung/k6");
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe(
      "Diese Einladung gilt für neu@example.com, Sie sind aber als user mit einer anderen Adresse angemeldet. Melden Sie sich ab und mit dem Benutzerkonto dieser Adresse an – oder legen Sie eines an.",
    );
    expect(screen.queryByRole("button", { name: "Einladung annehmen" })).toBeNull();
    expect(calls.some((call) => call.path === "einladung/accept")).toBe(false);

    fireEvent.click(screen.getByRole("button", { name: "Abmelden und anderes Konto verwenden" }));
    // Signed out: no account for the address, so the registration form.
    expect(visible(await screen.findByRole("button", { name: "Konto anlegen und beitreten" }))).toBe(true);
    expect(session.get().token).toBeNull();
  });

  it("shows the server's refusal (403) with the reason when the accept is refused", async () => {
    session.signIn("token-3");
    fakeApi((call) => {
      if (call.path === "einladung") return { status: 200, body: { ...INFO, accountExists: true } };
      if (call.path === "account")
        return { status: 200, body: { id: 9, login: "nora", email: "neu@example.com", authorities: [] } };
      if (call.path === "einladung/accept") return problem(403, "error.forbidden");
      return undefined;
    });
    renderAt("/einladung/k7");
    fireEvent.click(await screen.findByRole("button", { name: "Einladung annehmen" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain(i18next.t("error.forbidden", { ns: "errors" }));
    expect(alert.textContent).toContain("Diese Einladung gilt für neu@example.com");
    expect(visible(screen.getByRole("button", { name: "Abmelden und anderes Konto verwenden" }))).toBe(true);
  });

  it("says when the link was used up while the page was open", async () => {
    session.signIn("token-4");
    fakeApi((call) => {
      if (call.path === "einladung") return { status: 200, body: { ...INFO, accountExists: true } };
      if (call.path === "account")
        return { status: 200, body: { id: 9, login: "nora", email: "neu@example.com", authorities: [] } };
      if (call.path === "einladung/accept") return problem(400, "error.keyInvalid");
      return undefined;
    });
    renderAt("/einladung/k8");
    fireEvent.click(await screen.findByRole("button", { name: "Einladung annehmen" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Dieser Einladungslink ist ungültig oder wurde bereits verwendet.");
    expect(screen.queryByRole("button", { name: "Einladung annehmen" })).toBeNull();
  });
});
