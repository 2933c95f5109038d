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
import { KundeEdit } from "./kunde.edit.tsx";

beforeAll(() => initTestI18n(["common", "crud", "errors", "validation", "kunde", "kundesuche"]));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

interface Call {
  method: string;
  path: string;
  body: unknown;
}

/** The API behind the real client: the shell's reads, the choice lists, and PUT kundes answering `saved`. */
function fakeApi(onPut: (body: Record<string, unknown>) => { status: number; body: unknown }) {
  const calls: Call[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), "http://localhost");
      const path = url.pathname.replace(/^\/app\/api\//, "");
      const method = init?.method ?? "GET";
      const body = typeof init?.body === "string" ? JSON.parse(init.body) : undefined;
      calls.push({ method, path, body });
      const json = (status: number, value: unknown, headers: Record<string, string> = {}) =>
        new Response(JSON.stringify(value), {
          status,
          headers: {
            "content-type": status >= 400 ? "application/problem+json" : "application/json",
            ...headers,
          },
        });
      if (path === "account")
        return json(200, { id: 1, login: "u", authorities: ["ROLE_USER"], langKey: "de" });
      if (path === "getmandantmodule") return json(200, { mandantId: 7, modulList: ["crm"] });
      if (path === "zahlungsziels")
        return json(
          200,
          [{ id: 3, name: "30 Tage", nettoTage: 30, skontoList: [], defaultZahlungsziel: true }],
          {
            "x-total-count": "1",
          },
        );
      if (path === "kundefelddefinitions") return json(200, [], { "x-total-count": "0" });
      if (path === "nextkundennumber") return json(200, { kundenNummer: "K-0042" });
      if (path === "alllands")
        return json(200, [
          { id: 1, laenderKuerzel: "AT", bezeichnung: "Österreich", bezeichnungEn: "Austria", eu: true },
        ]);
      if (method === "PUT" && path === "kundes") {
        const answer = onPut(body);
        return json(answer.status, answer.body);
      }
      if (path.startsWith("kundes/")) return json(404, { status: 404, title: "x", code: "error.notFound" });
      return json(200, [], { "x-total-count": "0" });
    }),
  );
  return calls;
}

function renderAt(path: string) {
  session.signIn("token");
  session.selectMandant(7);
  const rootRoute = createRootRoute({ component: Outlet });
  const editRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: "kunde/$slug",
    component: KundeEdit,
  });
  const listRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: "kunde_list",
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
  return router;
}

const input = (name: RegExp) => screen.getAllByLabelText(name)[0] as HTMLInputElement;
const type = (name: RegExp, value: string) => fireEvent.change(input(name), { target: { value } });

describe("kunde edit", () => {
  it("keeps save disabled while the save rules miss fields, names them, then creates and opens the customer", async () => {
    const calls = fakeApi((body) => ({
      status: 200,
      body: { ...body, id: 42, kundenNummer: "K-0042", anzeigename: "Muster GmbH", kundePdfs: [] },
    }));
    const router = renderAt("/kunde/new");

    const save = await screen.findByRole("button", { name: "Speichern" });
    expect(save.hasAttribute("disabled")).toBe(true);
    const grund = screen.getByText(/Zum Speichern fehlt:/);
    for (const name of [
      "Firmenname",
      "Straße (Rechnungsadresse)",
      "PLZ (Rechnungsadresse)",
      "Ort (Rechnungsadresse)",
    ])
      expect(visible(within(grund).getByRole("button", { name }))).toBe(true);
    // The next number is the number field's placeholder: empty means "assigned on save".
    await waitFor(() => expect(input(/^Kundennummer/).placeholder).toBe("K-0042"));

    type(/^Firmenname/, "Muster GmbH");
    await screen.findByText("Straße (Rechnungsadresse)", { selector: "button" });
    expect(screen.queryByRole("button", { name: "Firmenname" })).toBeNull();
    // The address tab loads right after the screen.
    await screen.findAllByLabelText(/^Straße/);
    type(/^Straße/, "Hauptstraße");
    type(/^PLZ/, "1010");
    type(/^Ort/, "Wien");
    await waitFor(() => expect(save.hasAttribute("disabled")).toBe(false));
    expect(screen.queryByText(/Zum Speichern fehlt:/)).toBeNull();

    fireEvent.click(save);
    await waitFor(() => expect(router.state.location.pathname).toBe("/kunde/42"));
    const put = calls.find((call) => call.method === "PUT");
    expect(put?.body).toMatchObject({
      bezeichnung: "Muster GmbH",
      vorname: null,
      zahlungsziel: { id: 3 },
      adresseLists: [{ strasse: "Hauptstraße", plz: "1010", ort: "Wien", land: "AT" }],
    });
  });

  it("asks before leaving with unsaved changes: Weiter bearbeiten keeps the input, Verwerfen goes to the list", async () => {
    fakeApi(() => ({ status: 500, body: { status: 500, title: "x" } }));
    const router = renderAt("/kunde/new");
    await screen.findByRole("button", { name: "Speichern" });
    type(/^Firmenname/, "Halbfertig GmbH");
    const zurueck = screen.getByRole("link", { name: "Zurück zur Liste" });

    fireEvent.click(zurueck);
    const frage = await screen.findByRole("dialog", { name: "Ungespeicherte Änderungen verwerfen?" });
    expect(visible(frage)).toBe(true);
    fireEvent.click(within(frage).getByRole("button", { name: "Weiter bearbeiten" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(router.state.location.pathname).toBe("/kunde/new");
    expect(input(/^Firmenname/).value).toBe("Halbfertig GmbH");

    fireEvent.click(zurueck);
    fireEvent.click(await screen.findByRole("button", { name: "Verwerfen" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/kunde_list"));
    expect(screen.queryByRole("dialog")).toBeNull();
  }, 20_000);

  it("shows the server's field errors at the fields and keeps what was typed", async () => {
    fakeApi(() => ({
      status: 400,
      body: {
        status: 400,
        title: "x",
        code: "error.validation",
        fieldErrors: [{ field: "kundenNummer", code: "unique" }],
      },
    }));
    renderAt("/kunde/new");
    const save = await screen.findByRole("button", { name: "Speichern" });
    type(/^Firmenname/, "Doppelt GmbH");
    type(/^Kundennummer/, "1");
    await screen.findAllByLabelText(/^Straße/);
    type(/^Straße/, "Gasse");
    type(/^PLZ/, "8010");
    type(/^Ort/, "Graz");
    await waitFor(() => expect(save.hasAttribute("disabled")).toBe(false));
    fireEvent.click(save);
    expect(visible(await screen.findByText("Dieser Wert ist bereits vergeben."))).toBe(true);
    expect(input(/^Kundennummer/).value).toBe("1");
    expect(input(/^Firmenname/).value).toBe("Doppelt GmbH");
  });
});
