import { MantineProvider } from "@mantine/core";
import { notificationsStore } from "@mantine/notifications";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from "@tanstack/react-router";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { session } from "../../app/session.ts";
import { ResourceEditPage } from "../../components/resource/ResourceEdit.tsx";
import { initTestI18n } from "../../test/komponententest.ts";
import { warengruppe } from "./warengruppe.edit.tsx";

beforeAll(() => initTestI18n(["common", "crud", "errors", "validation", "stammdaten"]));

afterEach(() => {
  cleanup();
  session.clear();
  vi.unstubAllGlobals();
  act(() => notificationsStore.setState({ ...notificationsStore.getState(), notifications: [], queue: [] }));
});

/** The toasts in the store (shown or queued), by colour and text. */
const toasts = () =>
  [...notificationsStore.getState().notifications, ...notificationsStore.getState().queue].map((n) =>
    `${n.color}: ${String(n.title ?? "")} ${String(n.message)}`.replace(/\s+/g, " "),
  );

/** PUT warengruppes answers 400 "unique" for code 100, else stores; every PUT body is recorded. */
function fakeApi() {
  const puts: unknown[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), "http://localhost").pathname.replace(/^\/app\/api\//, "");
      const json = (status: number, body: unknown) =>
        new Response(JSON.stringify(body), {
          status,
          headers: { "content-type": status >= 400 ? "application/problem+json" : "application/json" },
        });
      if (init?.method === "PUT" && path === "warengruppes") {
        const body = JSON.parse(String(init.body));
        puts.push(body);
        if (body.warenGruppe === "100")
          return json(400, {
            status: 400,
            title: "Bad Request",
            code: "error.validation",
            fieldErrors: [{ field: "warenGruppe", code: "unique" }],
          });
        return json(200, { ...body, id: 9, groups: [] });
      }
      if (path === "warengruppes/9")
        return json(200, { id: 9, warenGruppe: "200", bezeichnung: "Obst", groups: [] });
      return json(404, { status: 404, title: "x", code: "error.notFound" });
    }),
  );
  return puts;
}

function renderAt(path: string) {
  session.signIn("token");
  const rootRoute = createRootRoute({ component: Outlet });
  const editRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: "warengruppe/$slug",
    component: () => <ResourceEditPage resource={warengruppe} />,
  });
  const listRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: "warengruppe_list",
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

const save = () => screen.getByRole("button", { name: "Speichern" }) as HTMLButtonElement;
const code = () => screen.getByLabelText(/^Code/) as HTMLInputElement;
const name = () => screen.getByLabelText(/^Bezeichnung/) as HTMLInputElement;

/** The shared edit behaviour (ResourceEdit, useSaveRules, notify) on a real simple screen: the goods group. */
describe("a simple resource's edit screen (ResourceEdit)", { timeout: 20_000 }, () => {
  it("keeps Save off and names what is missing until the shared rules pass", async () => {
    fakeApi();
    renderAt("/warengruppe/new");
    // The reasons, by the inputs' own labels, once the shared schema has loaded.
    const hint = await screen.findByText(/Zum Speichern fehlt oder ist ungültig:/);
    await waitFor(() => expect(hint.textContent).toContain("Code, Bezeichnung"));
    expect(save().disabled).toBe(true);
    expect(save().getAttribute("aria-describedby")).toBe(hint.id);

    // A click on a reason shows the input and its error.
    fireEvent.click(screen.getByRole("button", { name: "Code" }));
    expect(document.activeElement).toBe(code());
    expect(await screen.findByText("Dieses Feld ist erforderlich.")).toBeTruthy();

    fireEvent.change(code(), { target: { value: "200" } });
    await waitFor(() => expect(hint.textContent).not.toContain("Code"));
    expect(save().disabled).toBe(true);
    fireEvent.change(name(), { target: { value: "Obst" } });
    await waitFor(() => expect(screen.queryByText(/Zum Speichern fehlt/)).toBeNull());
    expect(save().disabled).toBe(false);
  });

  it("shows an input's error once it is left", async () => {
    fakeApi();
    renderAt("/warengruppe/new");
    await screen.findByText(/Zum Speichern fehlt oder ist ungültig:/);
    expect(screen.queryByText("Dieses Feld ist erforderlich.")).toBeNull();
    fireEvent.focus(name());
    fireEvent.blur(name());
    expect(await screen.findByText("Dieses Feld ist erforderlich.")).toBeTruthy();
    expect(name().getAttribute("aria-invalid")).toBe("true");
  });

  it("puts the server's field error at the input, and the next success clears the failure toast", async () => {
    const puts = fakeApi();
    renderAt("/warengruppe/9");
    await waitFor(() => expect(code().value).toBe("200"));
    fireEvent.change(code(), { target: { value: "100" } });
    await waitFor(() => expect(save().disabled).toBe(false));
    fireEvent.click(save());

    // 400 with fieldErrors: the message at the input, by its code; the typed value stays.
    expect(await screen.findByText("Dieser Wert ist bereits vergeben.")).toBeTruthy();
    expect(code().getAttribute("aria-invalid")).toBe("true");
    expect(code().value).toBe("100");
    await waitFor(() => expect(toasts()).toEqual([expect.stringMatching(/^red: Speichern fehlgeschlagen!/)]));

    fireEvent.change(code(), { target: { value: "101" } });
    expect(screen.queryByText("Dieser Wert ist bereits vergeben.")).toBeNull();
    fireEvent.click(save());
    await waitFor(() => expect(toasts()).toEqual(["green: Gespeichert"]));
    expect(puts).toHaveLength(2);
  });
});
