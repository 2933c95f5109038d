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
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Page } from "../../app/api.ts";
import { initTestI18n } from "../../test/komponententest.ts";
import { visible } from "../../test/visible.ts";
import { EntityList } from "./EntityList.tsx";
import type { ListDefinition, ListQuery } from "./listTypes.ts";
import { validateListSearch } from "./listValues.ts";

interface Item {
  id?: number;
  bezeichnung: string;
  aktiv: boolean;
  notiz: string | null;
}

beforeAll(() => initTestI18n(["common", "crud", "errors"]));

afterEach(cleanup);

/** A fake server of `count` rows: sorts and pages like the API does, and records every query. */
function fakeList(count: number, options: { totalHeader?: boolean; cap?: number } = {}) {
  const rows: Item[] = Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    bezeichnung: `Firma ${String.fromCharCode(65 + ((i * 7) % 26))}${i}`,
    aktiv: i % 2 === 0,
    notiz: i === 0 ? "<p>Erste <b>Zeile</b></p><p>zweite &amp; letzte</p>" : null,
  }));
  const calls: ListQuery[] = [];
  const list = vi.fn(async (query: ListQuery): Promise<Page<Item>> => {
    calls.push(query);
    const [order] = query.sort;
    const sorted = [...rows].sort((a, b) => {
      const field = (order?.field ?? "id") as keyof Item;
      const left = a[field] ?? "";
      const right = b[field] ?? "";
      const result = left < right ? -1 : left > right ? 1 : 0;
      return order?.direction === "desc" ? -result : result;
    });
    return {
      items: sorted.slice(query.page * query.size, (query.page + 1) * query.size),
      // The API counts up to a cap (LIST_COUNT_CAP); with more rows it says the cap and "capped".
      totalCount: options.totalHeader === false ? null : Math.min(rows.length, options.cap ?? rows.length),
      totalCapped: options.totalHeader !== false && options.cap !== undefined && rows.length > options.cap,
    };
  });
  return { rows, calls, list };
}

function definitionOf(list: ListDefinition<Item>["list"], extra: Partial<ListDefinition<Item>> = {}) {
  const definition: ListDefinition<Item> = {
    queryKey: ["test", "list"],
    list,
    columns: [
      { field: "id", title: "ID" },
      { field: "bezeichnung", title: "Bezeichnung" },
      { field: "aktiv", title: "Aktiv" },
      { field: "notiz", title: "Notiz", sortable: false },
    ],
    defaultSort: { field: "bezeichnung", direction: "asc" },
    label: (item) => item.bezeichnung,
    ...extra,
  };
  return definition;
}

function renderList(definition: ListDefinition<Item>, path = "/liste") {
  const rootRoute = createRootRoute({ component: Outlet });
  const listRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: "liste",
    validateSearch: validateListSearch,
    component: () => <EntityList definition={definition} title="Liste" />,
  });
  const editRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: "eintrag/$slug",
    component: () => <p>Bearbeiten</p>,
  });
  const router = createRouter({
    routeTree: rootRoute.addChildren([listRoute, editRoute]),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return router;
}

const bodyRows = () => within(screen.getAllByRole("rowgroup")[1]!).getAllByRole("row");
const firstCells = () => bodyRows().map((row) => within(row).getAllByRole("cell")[1]?.textContent);

describe("generic list table", () => {
  it("asks for page 0, size 20 and the default sort, and shows the rows", async () => {
    const server = fakeList(3);
    renderList(definitionOf(server.list));
    await screen.findByText("Firma A0");
    expect(server.calls[0]).toEqual({
      page: 0,
      size: 20,
      sort: [{ field: "bezeichnung", direction: "asc" }],
    });
    expect(bodyRows()).toHaveLength(3);
    expect(visible(screen.getByRole("heading", { level: 1, name: "Liste" }))).toBe(true);
  });

  it("strips HTML from text and shows booleans as read-only checkboxes", async () => {
    const server = fakeList(2);
    renderList(definitionOf(server.list, { defaultSort: { field: "id", direction: "asc" } }));
    await screen.findByText("Erste Zeile zweite & letzte");
    expect(document.querySelector("tbody b")).toBeNull();

    const boxes = screen.getAllByRole("checkbox", { name: "Aktiv" }) as HTMLInputElement[];
    expect(boxes.map((box) => box.checked)).toEqual([true, false]);
    fireEvent.click(boxes[1]!);
    expect(boxes[1]!.checked).toBe(false);
    expect(boxes[1]!.getAttribute("aria-readonly")).toBe("true");
  });

  it("sorts on the server: a click on the sorted column flips it, another column starts ascending", async () => {
    const server = fakeList(5);
    const router = renderList(definitionOf(server.list));
    await screen.findByText("Firma A0");

    fireEvent.click(screen.getByRole("button", { name: /Bezeichnung/ }));
    await waitFor(() =>
      expect(server.calls.at(-1)?.sort).toEqual([{ field: "bezeichnung", direction: "desc" }]),
    );
    await waitFor(() => expect(firstCells()[0]).toBe("Firma V3"));
    expect(router.state.location.search).toEqual({ sort: "bezeichnung,desc" });

    fireEvent.click(screen.getByRole("button", { name: /Bezeichnung/ }));
    await waitFor(() =>
      expect(server.calls.at(-1)?.sort).toEqual([{ field: "bezeichnung", direction: "asc" }]),
    );
    // The default sort leaves the URL clean.
    await waitFor(() => expect(router.state.location.search).toEqual({}));

    fireEvent.click(screen.getByRole("button", { name: /Bezeichnung/ }));
    await waitFor(() =>
      expect(server.calls.at(-1)?.sort).toEqual([{ field: "bezeichnung", direction: "desc" }]),
    );
    fireEvent.click(screen.getByRole("button", { name: /^ID/ }));
    await waitFor(() => expect(server.calls.at(-1)?.sort).toEqual([{ field: "id", direction: "asc" }]));
    await waitFor(() => expect(bodyRows()[0]?.textContent).toContain("Firma A0"));
  });

  it("does not sort by a column marked not sortable", async () => {
    const server = fakeList(2);
    renderList(definitionOf(server.list));
    await screen.findByText("Firma A0");
    expect(screen.queryByRole("button", { name: /Notiz/ })).toBeNull();
  });

  it("takes the total pages from the total count and pages on the server", async () => {
    const server = fakeList(45);
    const router = renderList(definitionOf(server.list, { defaultSort: { field: "id", direction: "asc" } }));
    await screen.findByText("Seite 1 von 3 · 45 Einträge");
    expect(bodyRows()).toHaveLength(20);

    fireEvent.click(screen.getByRole("button", { name: "Seite 3" }));
    await screen.findByText("Seite 3 von 3 · 45 Einträge");
    expect(server.calls.at(-1)).toMatchObject({ page: 2, size: 20 });
    await waitFor(() => expect(bodyRows()).toHaveLength(5));
    expect(router.state.location.search).toEqual({ page: 3 });

    // A new sort starts at the first page again.
    fireEvent.click(screen.getByRole("button", { name: /^ID/ }));
    await waitFor(() =>
      expect(server.calls.at(-1)).toMatchObject({ page: 0, sort: [{ field: "id", direction: "desc" }] }),
    );
  });

  it("counts one page when the server sends no total", async () => {
    const server = fakeList(3, { totalHeader: false });
    renderList(definitionOf(server.list));
    await screen.findByText("Seite 1 von 1");
    expect(screen.queryByRole("navigation", { name: "Seitenauswahl" })).toBeNull();
  });

  it("goes to the last page when the page of the URL is beyond the end", async () => {
    const server = fakeList(25);
    const router = renderList(definitionOf(server.list), "/liste?page=9");
    await waitFor(() => expect(router.state.location.search).toEqual({ page: 2 }));
    await screen.findByText("Seite 2 von 2 · 25 Einträge");
  });

  it("a capped total: 'more than', no last page, and paging on beyond the counted pages while pages are full", async () => {
    // 10 000 rows are counted of 10 045 (the cap of 10 000 scaled down: 40 counted of 45).
    const server = fakeList(45, { cap: 40 });
    const router = renderList(
      definitionOf(server.list, { defaultSort: { field: "id", direction: "asc" } }),
      "/liste?page=2",
    );
    await screen.findByText("Seite 2 · mehr als 40 Einträge");
    const nav = screen.getByRole("navigation", { name: "Seitenauswahl" });
    expect(within(nav).queryByRole("button", { name: "Letzte Seite" })).toBeNull();
    expect(within(nav).queryByRole("button", { name: "Seite 3" })).not.toBeNull();
    expect(within(nav).queryByRole("button", { name: "Seite 4" })).toBeNull();

    fireEvent.click(within(nav).getByRole("button", { name: "Nächste Seite" }));
    await screen.findByText("Seite 3 · mehr als 40 Einträge");
    expect(server.calls.at(-1)).toMatchObject({ page: 2, size: 20 });
    await waitFor(() => expect(bodyRows()).toHaveLength(5));
    expect(router.state.location.search).toEqual({ page: 3 });
    // Not full: the last page; nothing beyond it is offered, and the page is not moved back.
    expect((screen.getByRole("button", { name: "Nächste Seite" }) as HTMLButtonElement).disabled).toBe(true);
    expect(router.state.location.search).toEqual({ page: 3 });
  });

  it("shows the empty state", async () => {
    const server = fakeList(0);
    renderList(definitionOf(server.list));
    await screen.findByText("Seite 1 von 1 · 0 Einträge");
    expect(visible(screen.getByText("Keine Einträge"))).toBe(true);
    expect(screen.queryAllByRole("checkbox")).toHaveLength(0);
  });

  it("shows a refusal with the translated reason, without a table or a pointless retry", async () => {
    const { ApiError } = await import("../../app/api.ts");
    const list = vi.fn(async (): Promise<Page<Item>> => {
      throw new ApiError({ status: 403, code: "error.forbidden" });
    });
    renderList(definitionOf(list));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Die Liste konnte nicht geladen werden.");
    expect(alert.textContent).toContain("Dafür fehlt Ihnen die Berechtigung.");
    expect(within(alert).queryByRole("button")).toBeNull();
    expect(screen.queryByRole("table")).toBeNull();
  });

  it("offers to try again when the server was unreachable", async () => {
    const { ApiError } = await import("../../app/api.ts");
    let fail = true;
    const server = fakeList(1);
    const list = vi.fn(async (query: ListQuery) => {
      if (fail) throw new ApiError({ status: 0, code: "error.unavailable" });
      return server.list(query);
    });
    renderList(definitionOf(list));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Der Server ist nicht erreichbar.");
    fail = false;
    fireEvent.click(within(alert).getByRole("button", { name: "Erneut versuchen" }));
    await screen.findByText("Firma A0");
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("edits through the edit route with the id as slug", async () => {
    const server = fakeList(2);
    const router = renderList(definitionOf(server.list, { edit: (id) => `/eintrag/${id}` }));
    const link = await screen.findByRole("link", { name: "Bearbeiten: Firma A0" });
    expect(link.getAttribute("href")).toBe("/eintrag/1");
    fireEvent.click(link);
    await screen.findByText("Bearbeiten");
    expect(router.state.location.pathname).toBe("/eintrag/1");
  });

  it("deletes only after confirmation, then reloads the list", async () => {
    const server = fakeList(2);
    const remove = vi.fn(async (id: number) => {
      server.rows.splice(
        server.rows.findIndex((row) => row.id === id),
        1,
      );
    });
    renderList(definitionOf(server.list, { remove }));
    fireEvent.click(await screen.findByRole("button", { name: "Löschen: Firma A0" }));

    const dialog = await screen.findByRole("dialog", { name: "Eintrag löschen?" });
    expect(dialog.textContent).toContain("„Firma A0“ wird endgültig gelöscht.");
    fireEvent.click(within(dialog).getByRole("button", { name: "Abbrechen" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(remove).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole("button", { name: "Löschen: Firma A0" }));
    const again = await screen.findByRole("dialog", { name: "Eintrag löschen?" });
    await act(async () => {
      fireEvent.click(within(again).getByRole("button", { name: "Löschen" }));
    });
    expect(remove).toHaveBeenCalledWith(1);
    await waitFor(() => expect(screen.queryByText("Firma A0")).toBeNull());
    expect(bodyRows()).toHaveLength(1);
  });

  it("offers delete only on the rows `removable` allows", async () => {
    const server = fakeList(2);
    renderList(definitionOf(server.list, { remove: vi.fn(), removable: (item) => item.id !== 1 }));
    expect(await screen.findByRole("button", { name: "Löschen: Firma H1" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Löschen: Firma A0" })).toBeNull();
  });

  it("previews a row in a dialog", async () => {
    const server = fakeList(1);
    renderList(definitionOf(server.list, { preview: (item) => <p>Vorschau von {item.bezeichnung}</p> }));
    fireEvent.click(await screen.findByRole("button", { name: "Vorschau: Firma A0" }));
    const dialog = await screen.findByRole("dialog", { name: "Vorschau: Firma A0" });
    expect(dialog.textContent).toContain("Vorschau von Firma A0");
  });
});
