import type { TBelegLink } from "@kontor/domain/beleg/belegLink.schema";
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
import { BelegLinkDialog, gueltigBisFehler } from "./BelegLinkDialog.tsx";
import { BelegLinkPage } from "./BelegLinkPage.tsx";

beforeAll(async () => {
  await initTestI18n(["common", "crud", "errors", "validation", "beleg"]);
  // The page frames the PDF: happy-dom would fetch it from a server that is not there. Frames stay empty.
  const happyDOM = (
    window as unknown as { happyDOM?: { settings: { navigation: { disableChildFrameNavigation: boolean } } } }
  ).happyDOM;
  if (happyDOM) happyDOM.settings.navigation.disableChildFrameNavigation = true;
});

afterEach(() => {
  cleanup();
  session.clear();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

interface Call {
  method: string;
  path: string;
  body: unknown;
  auth: string | null;
}
type Answer = { status: number; body?: unknown };
const problem = (status: number, code: string): Answer => ({ status, body: { status, title: "x", code } });

/** The API behind the real client (fetch stubbed at the boundary); every call is recorded. */
function fakeApi(handle: (call: Call) => Answer | undefined): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), "http://localhost");
      const call: Call = {
        method: init?.method ?? "GET",
        path: url.pathname.replace(/^\/app\/api\//, ""),
        body: typeof init?.body === "string" ? JSON.parse(init.body) : undefined,
        auth: new Headers(init?.headers).get("Authorization"),
      };
      calls.push(call);
      const answer = handle(call) ?? problem(404, "error.notFound");
      if (answer.status === 204 || answer.body === undefined)
        return new Response(null, { status: answer.status });
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { "content-type": answer.status >= 400 ? "application/problem+json" : "application/json" },
      });
    }),
  );
  return calls;
}

const link = (overrides: Partial<TBelegLink> = {}): TBelegLink => ({
  id: 5,
  belegId: 7,
  erstelltAm: "2026-03-02T09:15:00.000Z",
  erstelltVon: "anna",
  gueltigBis: null,
  widerrufenAm: null,
  aufrufe: 3,
  letzterAufruf: "2026-03-03T10:00:00.000Z",
  status: "aktiv",
  ...overrides,
});

describe("gueltigBisFehler: the last day of a link", () => {
  it.each([
    ["", null],
    ["2026-03-02", null],
    ["2026-12-31", null],
    ["2026-03-01", "vergangen"],
    ["02.03.2026", "format"],
    ["morgen", "format"],
  ])("%s → %s", (value, expected) => {
    expect(gueltigBisFehler(value, "2026-03-02")).toBe(expected);
  });
});

describe("BelegLinkDialog", () => {
  function renderDialog(onClose = () => undefined) {
    session.signIn("t");
    session.selectMandant(1);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    return render(
      <MantineProvider>
        <QueryClientProvider client={client}>
          <BelegLinkDialog belegId={7} onClose={onClose} />
        </QueryClientProvider>
      </MantineProvider>,
    );
  }

  it("makes a link, shows its address once, lists the links with their views and revokes one", {
    timeout: 20_000,
  }, async () => {
    let links = [link()];
    const url = "https://kontor.example/app/invoicetemplate/abc";
    const calls = fakeApi((call) => {
      if (call.method === "GET" && call.path === "beleg/7/links") return { status: 200, body: links };
      if (call.method === "POST" && call.path === "beleg/7/link") {
        const neu = link({ id: 6, aufrufe: 0, letzterAufruf: null, gueltigBis: "2099-12-31" });
        links = [neu, ...links];
        return { status: 200, body: { ...neu, url } };
      }
      if (call.method === "DELETE" && call.path === "beleg/7/links/5") {
        links = links.map((l) => (l.id === 5 ? { ...l, status: "widerrufen" as const } : l));
        return { status: 204 };
      }
      return undefined;
    });
    renderDialog();
    const dialog = await screen.findByRole("dialog", { name: "Link teilen" });
    await waitFor(() => expect(within(dialog).getAllByTestId("beleg-link")).toHaveLength(1));
    expect(within(dialog).getByTestId("beleg-link-aufrufe").textContent).toBe("3");
    expect(within(dialog).getByText("Aktiv")).toBeTruthy();

    // A day in the past is refused before any call.
    const bis = within(dialog).getByRole("textbox", { name: /Gültig bis/ });
    fireEvent.change(bis, { target: { value: "01.01.2020" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Link erstellen" }));
    expect(await within(dialog).findByText(/Bitte ein Datum ab heute/)).toBeTruthy();
    expect(calls.some((c) => c.method === "POST")).toBe(false);

    fireEvent.change(bis, { target: { value: "31.12.2099" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Link erstellen" }));
    const adresse = (await within(dialog).findByRole("textbox", { name: "Link" })) as HTMLInputElement;
    expect(adresse.value).toBe(url);
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({ gueltigBis: "2099-12-31" });
    await waitFor(() => expect(within(dialog).getAllByTestId("beleg-link")).toHaveLength(2));
    expect(within(dialog).getByText("31.12.2099")).toBeTruthy();

    // Revoke asks first.
    const revoke = within(dialog).getAllByRole("button", { name: /widerrufen$/ });
    fireEvent.click(revoke[1]!);
    const frage = await screen.findByRole("dialog", { name: "Link widerrufen?" });
    fireEvent.click(within(frage).getByRole("button", { name: "Link widerrufen" }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === "DELETE" && c.path === "beleg/7/links/5")).toBe(true),
    );
    // The list shows it revoked: one revoke button left, the badge says so.
    await waitFor(() =>
      expect(within(dialog).getAllByRole("button", { name: /widerrufen$/ })).toHaveLength(1),
    );
    const zeilen = within(dialog).getAllByTestId("beleg-link");
    expect(within(zeilen[1]!).getByText("Widerrufen")).toBeTruthy();
  });
});

describe("BelegLinkPage (public)", () => {
  function renderPage(path: string) {
    const rootRoute = createRootRoute({ component: Outlet });
    const route = createRoute({
      getParentRoute: () => rootRoute,
      path: "invoicetemplate/$",
      component: BelegLinkPage,
    });
    const router = createRouter({
      routeTree: rootRoute.addChildren([route]),
      history: createMemoryHistory({ initialEntries: [path] }),
    });
    return render(
      <MantineProvider>
        <RouterProvider router={router} />
      </MantineProvider>,
    );
  }
  const TOKEN = "A".repeat(43);

  it("shows the document and its PDF in a frame, without sending a sign-in", async () => {
    session.signIn("mine");
    session.selectMandant(1);
    const calls = fakeApi((call) =>
      call.path === `public/beleg/${TOKEN}`
        ? {
            status: 200,
            body: {
              mandant: "Muster Handels GmbH",
              belegsTyp: "rechnung",
              belegNummer: "2026-00017",
              belegDatum: "2026-03-02",
              summeBrutto: 1234.5,
              faelligAm: "2026-03-16",
              sprache: "de",
              storniert: false,
            },
          }
        : undefined,
    );
    renderPage(`/invoicetemplate/${TOKEN}`);
    expect(await screen.findByRole("heading", { name: "Rechnung 2026-00017" })).toBeTruthy();
    expect(screen.getByText("von Muster Handels GmbH")).toBeTruthy();
    expect(screen.getByTestId("beleg-betrag").textContent).toBe("1.234,50 €");
    expect(screen.getByTestId("beleg-faellig").textContent).toBe("16.03.2026");
    const frame = screen.getByTitle("PDF des Belegs") as HTMLIFrameElement;
    expect(frame.getAttribute("src")).toBe(`/app/api/public/beleg/${TOKEN}/pdf`);
    expect(screen.getByRole("link", { name: "PDF herunterladen" }).getAttribute("href")).toBe(
      `/app/api/public/beleg/${TOKEN}/pdf?download=1`,
    );
    expect(calls.map((c) => c.auth)).toEqual([null]);
  });

  it.each([
    [404, "error.notFound", "Dieser Link ist ungültig, abgelaufen oder wurde widerrufen."],
    [429, "error.tooManyAttempts", "Zu viele Aufrufe von dieser Adresse."],
  ])("a %s answer reads as a clear message", async (status, code, text) => {
    fakeApi(() => problem(status, code));
    renderPage(`/invoicetemplate/${TOKEN}`);
    expect((await screen.findByRole("alert")).textContent).toContain(text);
  });

  it("without a token: the invalid-link message, no call", async () => {
    const calls = fakeApi(() => undefined);
    renderPage("/invoicetemplate");
    expect((await screen.findByRole("alert")).textContent).toContain("Dieser Link ist ungültig");
    expect(calls).toEqual([]);
  });
});
