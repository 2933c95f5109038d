import { MantineProvider } from "@mantine/core";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from "@tanstack/react-router";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { session } from "../../app/session.ts";
import { initTestI18n } from "../../test/komponententest.ts";
import { visible } from "../../test/visible.ts";
import { UserEditPage } from "./UserEdit.tsx";

beforeAll(() => initTestI18n(["common", "crud", "errors", "validation", "user", "access"]));

afterEach(() => {
  cleanup();
  session.clear();
  vi.unstubAllGlobals();
});

interface Call {
  method: string;
  path: string;
  body: unknown;
}

/** A tenant admin of "Muster Handels GmbH" who may also edit articles. */
const TENANT_ADMIN = {
  id: 1,
  login: "chefin",
  firstName: null,
  lastName: null,
  email: "chefin@example.com",
  langKey: "de",
  authorities: ["ROLE_USER", "ROLE_ADMIN_MANDANT", "ROLE_ARTIKEL_WRITE"],
  newsread: true,
  selectedMandantId: 7,
  is2FaUsed: false,
  timermode: false,
  enablemailtransfer: false,
  signature: null,
};

function userRecord(accountEditable: boolean) {
  return {
    id: 5,
    login: "franz",
    firstName: "Franz",
    lastName: "Fremd",
    email: "franz@example.com",
    imageUrl: null,
    activated: true,
    langKey: "de",
    authorities: ["ROLE_USER", "ROLE_ZEITERFASSUNG"],
    groups: [{ id: 2, name: "Lager" }],
    mandantIds: [7],
    createdDate: "2024-01-10T09:00:00.000Z",
    lastModifiedBy: "admin",
    lastModifiedDate: null,
    accountEditable,
  };
}

/** Local times, so the expected "DD.MM.YYYY HH:mm" holds in any time zone of the test run. */
const AUDIT = [
  {
    at: new Date(2024, 4, 2, 8, 5).toISOString(),
    actorLogin: null,
    field: "password",
    oldValue: null,
    newValue: null,
  },
  {
    at: new Date(2024, 3, 30, 17, 45).toISOString(),
    actorLogin: "admin",
    field: "authorities",
    oldValue: "ROLE_ARTIKEL_WRITE, ROLE_USER",
    newValue: "ROLE_USER, ROLE_ZEITERFASSUNG",
  },
  {
    at: new Date(2024, 3, 29, 7, 0).toISOString(),
    actorLogin: "chefin",
    field: "mandanten",
    oldValue: "",
    newValue: "7, 12",
  },
  {
    at: new Date(2024, 3, 28, 12, 30).toISOString(),
    actorLogin: "franz",
    field: "totp",
    oldValue: "false",
    newValue: "true",
  },
];

/** The API behind the real client (fetch stubbed at the boundary); every call is recorded. */
function fakeApi(user: ReturnType<typeof userRecord>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), "http://localhost");
      const path = url.pathname.replace(/^\/app\/api\//, "");
      const method = init?.method ?? "GET";
      calls.push({ method, path, body: typeof init?.body === "string" ? JSON.parse(init.body) : undefined });
      const json = (status: number, body: unknown) =>
        new Response(JSON.stringify(body), {
          status,
          headers: { "content-type": status >= 400 ? "application/problem+json" : "application/json" },
        });
      if (path === "account") return json(200, TENANT_ADMIN);
      if (path === "users/5") return json(200, user);
      if (path === "users/5/audit") return json(200, AUDIT);
      if (path === "mandants/allmandants")
        return json(200, [{ id: 7, bezeichnung: "Muster Handels GmbH", aktiv: true }]);
      // Groups are for administrators only.
      if (path === "group") return json(403, { status: 403, title: "x", code: "error.forbidden" });
      if (method === "PUT" && path === "users")
        return json(200, { ...user, ...JSON.parse(String(init?.body)) });
      return json(404, { status: 404, title: "x", code: "error.notFound" });
    }),
  );
  return calls;
}

function renderAt(path: string) {
  session.signIn("token");
  const rootRoute = createRootRoute({ component: Outlet });
  const editRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: "user/$slug",
    component: UserEditPage,
  });
  const listRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: "user_list",
    component: () => null,
  });
  const router = createRouter({
    routeTree: rootRoute.addChildren([editRoute, listRoute]),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const input = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const activated = () => screen.getByRole("switch", { name: /^Aktiviert/ }) as HTMLInputElement;
const authority = (name: string) => screen.getByRole("checkbox", { name }) as HTMLInputElement;

// Lazy parts load on shared CI cores: a slow step is not a failure (see test/setup.ts).
describe("user edit for a tenant admin", { timeout: 20_000 }, () => {
  it("shows a user of other tenants read-only but for the memberships, and explains why", async () => {
    const calls = fakeApi(userRecord(false));
    renderAt("/user/5");

    const alert = await screen.findByText("Nur die Zugehörigkeit zu Ihren Mandanten ist änderbar");
    expect(visible(alert)).toBe(true);
    expect(alert.closest(".mantine-Alert-root")?.textContent).toContain(
      "Dieser Benutzer gehört auch Mandanten an, die Sie nicht verwalten.",
    );
    for (const label of [/^Benutzername/, /^E-Mail/, /^Vorname/, /^Nachname/]) {
      expect(input(label).readOnly).toBe(true);
      expect(input(label).disabled).toBe(false);
    }
    expect(input(/^Benutzername/).value).toBe("franz");
    expect((screen.getAllByLabelText(/^Sprache/)[0] as HTMLInputElement).readOnly).toBe(true);
    expect(activated().disabled).toBe(true);
    // The authorities load right after the screen.
    await screen.findByRole("checkbox", { name: "Benutzer" });
    for (const name of ["Benutzer", "Administrator", "Artikel bearbeiten", "Projektzeiterfassung"])
      expect(authority(name).disabled).toBe(true);
    expect(authority("Projektzeiterfassung").checked).toBe(true);
    // Their own tenants stay changeable; signing the user out everywhere is not theirs to do.
    const mandanten = (await screen.findAllByLabelText("Mandanten"))[0] as HTMLInputElement;
    expect(mandanten.closest(".mantine-InputWrapper-root")?.textContent).toContain("Muster Handels GmbH");
    expect(mandanten.readOnly).toBe(false);
    expect(mandanten.disabled).toBe(false);
    expect(screen.queryByRole("button", { name: "Alle Sitzungen beenden" })).toBeNull();
    expect(screen.queryByText(/Berechtigungen, die Sie selbst nicht haben/)).toBeNull();
    expect(calls.some((call) => call.path === "users/5/sessions")).toBe(false);
  });

  it("lists the change log with field names, what changed, who and when", async () => {
    fakeApi(userRecord(false));
    renderAt("/user/5");
    const table = await screen.findByRole("table", { name: "Änderungsprotokoll" });
    const rows = within(table)
      .getAllByRole("row")
      .map((row) => [...row.querySelectorAll("th, td")].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ["Zeitpunkt", "Feld", "Änderung", "Von"],
      ["02.05.2024 08:05", "Passwort", "geändert", "per E-Mail-Link"],
      [
        "30.04.2024 17:45",
        "Berechtigungen",
        "hinzugefügt: Projektzeiterfassung; entfernt: Artikel bearbeiten",
        "admin",
      ],
      ["29.04.2024 07:00", "Mandanten", "hinzugefügt: Muster Handels GmbH, #12", "chefin"],
      ["28.04.2024 12:30", "Zwei-Faktor-Anmeldung", "aus → ein", "franz"],
    ]);
  });

  it("offers an editable user's authorities only as far as the admin holds them", async () => {
    const calls = fakeApi(userRecord(true));
    renderAt("/user/5");
    await screen.findByRole("table", { name: "Änderungsprotokoll" });

    expect(screen.queryByText("Nur die Zugehörigkeit zu Ihren Mandanten ist änderbar")).toBeNull();
    expect(input(/^Benutzername/).readOnly).toBe(false);
    expect(activated().disabled).toBe(false);
    expect(visible(await screen.findByRole("button", { name: "Alle Sitzungen beenden" }))).toBe(true);
    expect(
      visible(
        screen.getByText(
          "Berechtigungen, die Sie selbst nicht haben, können Sie weder vergeben noch entziehen.",
        ),
      ),
    ).toBe(true);
    // Held: changeable. Not held — ROLE_ADMIN above all — fixed, as the user has them.
    expect(authority("Artikel bearbeiten").disabled).toBe(false);
    expect(authority("Mandanten-Administrator").disabled).toBe(false);
    expect(authority("Administrator").disabled).toBe(true);
    expect(authority("Projektzeiterfassung").disabled).toBe(true);
    expect(authority("Projektzeiterfassung").checked).toBe(true);

    fireEvent.click(authority("Artikel bearbeiten"));
    fireEvent.click(screen.getByRole("button", { name: "Speichern" }));
    await waitFor(() => expect(calls.some((call) => call.method === "PUT")).toBe(true));
    expect(calls.find((call) => call.method === "PUT")?.body).toMatchObject({
      id: 5,
      authorities: ["ROLE_USER", "ROLE_ZEITERFASSUNG", "ROLE_ARTIKEL_WRITE"],
    });
  });
});
