import { MantineProvider, TextInput } from "@mantine/core";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import {
  createBrowserHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Link,
  Outlet,
  RouterProvider,
} from "@tanstack/react-router";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { session } from "../../app/session.ts";
import { initTestI18n } from "../../test/komponententest.ts";
import { visible } from "../../test/visible.ts";
import { ResourceEditPage } from "../resource/ResourceEdit.tsx";
import type { Resource } from "../resource/resource.ts";

beforeAll(() => initTestI18n(["common", "crud", "errors", "validation"]));

let router: ReturnType<typeof renderAt> | undefined;

afterEach(() => {
  cleanup();
  router?.history.destroy();
  router = undefined;
  vi.unstubAllGlobals();
});

/** A small resource of its own: a note with a name, edited by the generic ResourceEdit. */
const ZNotiz = z.object({ id: z.number().int().optional(), name: z.string().min(1) });
type TNotiz = z.infer<typeof ZNotiz>;
interface NotizValues {
  id?: number | undefined;
  name: string;
}
const notiz: Resource<TNotiz, NotizValues, "crud"> = {
  key: "notiz",
  api: "notizs",
  ns: "crud",
  prefix: "notiz",
  listPath: "/notiz_list",
  editPath: (id) => `/notiz/${id}`,
  columns: () => [],
  defaultSort: { field: "name", direction: "asc" },
  label: (record) => record.name,
  schema: async () => ZNotiz,
  empty: () => ({ name: "" }),
  toForm: (record) => ({ id: record.id, name: record.name }),
  fromForm: (values) => values,
  Fields: ({ form }) => <TextInput label="Name" {...form.getInputProps("name")} />,
};

/** GET notizs/5 and notizs/42 answer stored notes; PUT notizs stores (a new one gets id 42). */
function fakeApi() {
  const puts: unknown[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), "http://localhost").pathname.replace(/^\/app\/api\//, "");
      const json = (value: unknown) =>
        new Response(JSON.stringify(value), { status: 200, headers: { "content-type": "application/json" } });
      if (init?.method === "PUT" && path === "notizs") {
        const body = JSON.parse(String(init.body)) as TNotiz;
        puts.push(body);
        return json({ ...body, id: body.id ?? 42 });
      }
      if (path === "notizs/5") return json({ id: 5, name: "Alt" });
      if (path === "notizs/42") return json({ id: 42, name: "Neu" });
      return new Response(JSON.stringify({ status: 404, title: "x", code: "error.notFound" }), {
        status: 404,
        headers: { "content-type": "application/problem+json" },
      });
    }),
  );
  return { puts };
}

/** The edit screen in a browser history (back button, beforeunload), with the list and an unrelated page. */
function renderAt(path: string) {
  session.signIn("token");
  session.selectMandant(7);
  window.history.replaceState(null, "", path);
  const rootRoute = createRootRoute({
    component: () => (
      <>
        <nav>
          <Link to={"/start" as never}>Startseite</Link>
          <Link to={"/notiz/new" as never} search={{ kopie: "5" } as never}>
            Kopie
          </Link>
        </nav>
        <Outlet />
      </>
    ),
  });
  const routes = [
    createRoute({
      getParentRoute: () => rootRoute,
      path: "notiz/$slug",
      component: () => <ResourceEditPage resource={notiz} />,
    }),
    createRoute({ getParentRoute: () => rootRoute, path: "notiz_list", component: () => <p>Notizliste</p> }),
    createRoute({ getParentRoute: () => rootRoute, path: "start", component: () => <p>Start</p> }),
  ];
  const created = createRouter({ routeTree: rootRoute.addChildren(routes), history: createBrowserHistory() });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={created} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  router = created;
  return created;
}

const nameInput = () => screen.getByLabelText("Name") as HTMLInputElement;
const type = (value: string) => fireEvent.change(nameInput(), { target: { value } });
const backToList = () => fireEvent.click(screen.getByRole("link", { name: "Zurück zur Liste" }));
const dialog = () => screen.queryByRole("dialog", { name: "Ungespeicherte Änderungen verwerfen?" });

/** Opens the stored note 5 and waits until its values fill the form. */
async function openStored() {
  const opened = renderAt("/notiz/5");
  await waitFor(() => expect(nameInput().value).toBe("Alt"));
  return opened;
}

describe("useUnsavedChangesGuard (in ResourceEdit)", () => {
  it("asks before leaving a changed form; Weiter bearbeiten stays with the input", async () => {
    fakeApi();
    const current = await openStored();
    type("Geändert");
    backToList();

    const asking = await screen.findByRole("dialog", { name: "Ungespeicherte Änderungen verwerfen?" });
    expect(visible(asking)).toBe(true);
    expect(asking.textContent).toContain("Ihre Änderungen sind noch nicht gespeichert.");
    expect(current.state.location.pathname).toBe("/notiz/5");

    fireEvent.click(screen.getByRole("button", { name: "Weiter bearbeiten" }));
    await waitFor(() => expect(dialog()).toBeNull());
    expect(current.state.location.pathname).toBe("/notiz/5");
    expect(window.location.pathname).toBe("/notiz/5");
    expect(nameInput().value).toBe("Geändert");
    expect(screen.getByText("Ungespeicherte Änderungen").textContent).toBe("Ungespeicherte Änderungen");
  });

  it("Verwerfen goes on to where the user wanted to go", async () => {
    fakeApi();
    const current = await openStored();
    type("Geändert");
    fireEvent.click(screen.getByRole("link", { name: "Startseite" }));
    await screen.findByRole("dialog", { name: "Ungespeicherte Änderungen verwerfen?" });

    fireEvent.click(screen.getByRole("button", { name: "Verwerfen" }));
    expect(visible(await screen.findByText("Start"))).toBe(true);
    expect(current.state.location.pathname).toBe("/start");
    expect(dialog()).toBeNull();
  });

  it("asks on the browser's back button too, and stays at the form on Weiter bearbeiten", async () => {
    fakeApi();
    const current = renderAt("/notiz_list");
    await screen.findByText("Notizliste");
    await act(() => current.navigate({ to: "/notiz/5" as never }));
    await waitFor(() => expect(nameInput().value).toBe("Alt"));
    type("Geändert");

    act(() => window.history.back());
    await screen.findByRole("dialog", { name: "Ungespeicherte Änderungen verwerfen?" });
    fireEvent.click(screen.getByRole("button", { name: "Weiter bearbeiten" }));
    await waitFor(() => expect(dialog()).toBeNull());
    await waitFor(() => expect(window.location.pathname).toBe("/notiz/5"));
    expect(current.state.location.pathname).toBe("/notiz/5");
    expect(nameInput().value).toBe("Geändert");
  });

  it("asks the browser (beforeunload) only while the form has unsaved changes", async () => {
    fakeApi();
    await openStored();
    const unload = () => {
      const event = new Event("beforeunload", { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(false);
    type("Geändert");
    expect(unload()).toBe(true);
    type("Alt");
    expect(unload()).toBe(false);
  });

  it("does not ask while the form is clean: untouched, or changed back to what is stored", async () => {
    fakeApi();
    const current = await openStored();
    type("Geändert");
    type("Alt");
    expect(screen.queryByText("Ungespeicherte Änderungen")).toBeNull();
    backToList();
    expect(visible(await screen.findByText("Notizliste"))).toBe(true);
    expect(current.state.location.pathname).toBe("/notiz_list");
    expect(dialog()).toBeNull();
  });

  it("does not ask after Änderungen verwerfen (reset)", async () => {
    fakeApi();
    const current = await openStored();
    type("Geändert");
    fireEvent.click(screen.getByRole("button", { name: "Änderungen verwerfen" }));
    expect(nameInput().value).toBe("Alt");
    backToList();
    expect(visible(await screen.findByText("Notizliste"))).toBe(true);
    expect(current.state.location.pathname).toBe("/notiz_list");
    expect(dialog()).toBeNull();
  });

  it("does not ask after a successful save of a stored record", async () => {
    const api = fakeApi();
    const current = await openStored();
    type("Gespeichert und weg");
    fireEvent.click(screen.getByRole("button", { name: "Speichern" }));
    await waitFor(() => expect(api.puts).toEqual([{ id: 5, name: "Gespeichert und weg" }]));
    await waitFor(() => expect(screen.queryByText("Ungespeicherte Änderungen")).toBeNull());
    backToList();
    expect(visible(await screen.findByText("Notizliste"))).toBe(true);
    expect(current.state.location.pathname).toBe("/notiz_list");
    expect(dialog()).toBeNull();
  });

  it("a new record's save goes on to its own URL without asking, and the stored form leaves without asking", async () => {
    const api = fakeApi();
    const current = renderAt("/notiz/new");
    await screen.findByLabelText("Name");
    type("Neu");
    fireEvent.click(screen.getByRole("button", { name: "Speichern" }));
    await waitFor(() => expect(current.state.location.pathname).toBe("/notiz/42"));
    expect(api.puts).toEqual([{ name: "Neu" }]);
    expect(dialog()).toBeNull();
    await waitFor(() => expect(nameInput().value).toBe("Neu"));

    backToList();
    expect(visible(await screen.findByText("Notizliste"))).toBe(true);
    expect(dialog()).toBeNull();
  });

  it("asks when only the search changes (/kunde/new?lieferant=true is another form than /kunde/new)", async () => {
    fakeApi();
    const current = renderAt("/notiz/new");
    await screen.findByLabelText("Name");
    type("Entwurf");
    fireEvent.click(screen.getByRole("link", { name: "Kopie" }));
    await screen.findByRole("dialog", { name: "Ungespeicherte Änderungen verwerfen?" });
    fireEvent.click(screen.getByRole("button", { name: "Weiter bearbeiten" }));
    await waitFor(() => expect(dialog()).toBeNull());
    expect(current.state.location.search).toEqual({});
    expect(nameInput().value).toBe("Entwurf");
  });
});
