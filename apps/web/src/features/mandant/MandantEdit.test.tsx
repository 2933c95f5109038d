import type { TAuthority } from "@kontor/domain/access/access.schema";
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
import { render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { session } from "../../app/session.ts";
import { aufraeumen, initTestI18n } from "../../test/komponententest.ts";
import { visible } from "../../test/visible.ts";
import { MandantEditPage } from "./MandantEdit.tsx";

beforeAll(() => initTestI18n(["common", "crud", "errors", "validation", "mandant"]));
afterEach(aufraeumen);

/** The signed-in account with the given authorities and a deactivated tenant 7 it belongs to. */
function fakeApi(authorities: TAuthority[]) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL) => {
      const path = new URL(String(input), "http://localhost").pathname.replace(/^\/app\/api\//, "");
      const json = (status: number, body: unknown) =>
        new Response(JSON.stringify(body), {
          status,
          headers: { "content-type": status >= 400 ? "application/problem+json" : "application/json" },
        });
      if (path === "account")
        return json(200, {
          id: 1,
          login: "chefin",
          firstName: null,
          lastName: null,
          email: "chefin@example.test",
          langKey: "de",
          authorities,
          newsread: true,
          selectedMandantId: 7,
          is2FaUsed: false,
          timermode: false,
          enablemailtransfer: false,
          signature: null,
          zeiterfassungUserData: null,
        });
      if (path === "mandants/7")
        return json(200, { id: 7, bezeichnung: "Muster GmbH", aktiv: false, anzahlBeleg: 0 });
      return json(404, { status: 404, title: "Not Found", code: "error.notFound" });
    }),
  );
}

function renderEdit() {
  session.signIn("token");
  const rootRoute = createRootRoute({ component: Outlet });
  const editRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: "mandant/$slug",
    component: MandantEditPage,
  });
  const router = createRouter({
    routeTree: rootRoute.addChildren([editRoute]),
    history: createMemoryHistory({ initialEntries: ["/mandant/7"] }),
  });
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

/**
 * Issue 33: only the operator (ROLE_ADMIN, access area mandantAktiv) (de)activates a tenant — the server refuses a
 * tenant admin's change of aktiv, and the tenant form does not offer the switch to them.
 */
describe("tenant edit: the activate switch", { timeout: 20_000 }, () => {
  it("is offered to an administrator", async () => {
    fakeApi(["ROLE_USER", "ROLE_ADMIN"]);
    renderEdit();
    expect(visible(await screen.findByRole("button", { name: "Aktivieren" }))).toBe(true);
  });

  it("is not offered to a tenant admin, who still sees the state and may edit the tenant", async () => {
    fakeApi(["ROLE_USER", "ROLE_ADMIN_MANDANT"]);
    renderEdit();
    expect(visible(await screen.findByRole("heading", { name: "Muster GmbH" }))).toBe(true);
    // The badge shows the state; the header's buttons are there, the switch (which would sit beside them) is not.
    await waitFor(() => expect(screen.getAllByText("Deaktiviert").some(visible)).toBe(true));
    expect(visible(screen.getByRole("link", { name: "Im Assistenten öffnen" }))).toBe(true);
    expect(screen.queryByRole("button", { name: "Aktivieren" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Deaktivieren" })).toBeNull();
  });
});
