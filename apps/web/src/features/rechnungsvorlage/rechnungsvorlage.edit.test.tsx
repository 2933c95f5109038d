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
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { session } from "../../app/session.ts";
import { aufraeumen, initTestI18n } from "../../test/komponententest.ts";
import { visible } from "../../test/visible.ts";
import { RechnungsvorlageEdit } from "./rechnungsvorlage.edit.tsx";

beforeAll(() => initTestI18n(["common", "crud", "errors", "validation", "felddefinition"]));
afterEach(aufraeumen);

/** PUT rechnungsvorlages answers what the server finds on opening the file (issue 33); every PUT body is kept. */
function fakeApi(fieldError: { field: string; code: string; max?: number }) {
  const puts: { vorlagename: string; vorlage?: string; vorlageDateiname?: string }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), "http://localhost").pathname.replace(/^\/app\/api\//, "");
      if (init?.method === "PUT" && path === "rechnungsvorlages") {
        puts.push(JSON.parse(String(init.body)));
        return new Response(
          JSON.stringify({
            status: 400,
            title: "Bad Request",
            code: "error.validation",
            fieldErrors: [fieldError],
          }),
          { status: 400, headers: { "content-type": "application/problem+json" } },
        );
      }
      return new Response(JSON.stringify({ status: 404, title: "x", code: "error.notFound" }), {
        status: 404,
        headers: { "content-type": "application/problem+json" },
      });
    }),
  );
  return puts;
}

function renderNew() {
  session.signIn("token");
  const rootRoute = createRootRoute({ component: Outlet });
  const editRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: "rechnungsvorlage/$slug",
    component: RechnungsvorlageEdit,
  });
  const listRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: "rechnungsvorlage_list",
    component: () => null,
  });
  const router = createRouter({
    routeTree: rootRoute.addChildren([editRoute, listRoute]),
    history: createMemoryHistory({ initialEntries: ["/rechnungsvorlage/new"] }),
  });
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

/** Fills in a name and picks a (small, valid-looking) PNG, then saves. */
async function hochladen() {
  const name = (await screen.findByLabelText(/^Name/)) as HTMLInputElement;
  fireEvent.change(name, { target: { value: "Briefpapier groß" } });
  const datei = new File(
    [new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])],
    "gross.png",
    {
      type: "image/png",
    },
  );
  fireEvent.change(document.querySelector('input[type="file"]')!, { target: { files: [datei] } });
  const save = screen.getByRole("button", { name: "Speichern" }) as HTMLButtonElement;
  await waitFor(() => expect(save.disabled).toBe(false));
  fireEvent.click(save);
  return name;
}

describe("the document template's edit screen: what the server finds in the file (issue 33)", {
  timeout: 20_000,
}, () => {
  it("says an image has too many pixels, with the limit, and keeps name and file", async () => {
    const puts = fakeApi({ field: "vorlage", code: "maxPixels", max: 25_000_000 });
    renderNew();
    const name = await hochladen();
    const fehler = await screen.findByText(
      "Das Bild hat zu viele Pixel: höchstens 25.000.000 (Breite × Höhe).",
    );
    expect(visible(fehler)).toBe(true);
    expect(puts).toHaveLength(1);
    expect(puts[0]).toMatchObject({ vorlagename: "Briefpapier groß", vorlageDateiname: "gross.png" });
    expect(name.value).toBe("Briefpapier groß");
    expect(screen.getByText("gross.png")).toBeTruthy();
  });

  it("says a PDF is encrypted, not that its type is not allowed", async () => {
    fakeApi({ field: "vorlage", code: "pdfEncrypted" });
    renderNew();
    await hochladen();
    expect(
      visible(
        await screen.findByText(
          "Das PDF ist verschlüsselt oder kennwortgeschützt. Bitte laden Sie eine ungeschützte Fassung hoch.",
        ),
      ),
    ).toBe(true);
  });
});
