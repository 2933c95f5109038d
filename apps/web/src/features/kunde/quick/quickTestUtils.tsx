import { resources } from "@kontor/i18n";
import { MantineProvider } from "@mantine/core";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import i18next from "i18next";
import type { ReactNode } from "react";
import { initReactI18next } from "react-i18next";
import { vi } from "vitest";

/** i18next with every text in German, as the app has it once a screen's namespaces are loaded. */
export async function initTestI18n(): Promise<void> {
  await i18next.use(initReactI18next).init({
    resources,
    lng: "de",
    fallbackLng: false,
    ns: ["common", "crud", "errors", "validation", "kundesuche"],
    defaultNS: "common",
    initAsync: false,
    interpolation: { escapeValue: false },
  });
  // Mantine's combobox scrolls the chosen option into view; happy-dom lacks it.
  window.HTMLElement.prototype.scrollIntoView ??= () => undefined;
}

export interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

type Answer = { status?: number; body?: unknown } | undefined;

/**
 * A fake API behind the real client (fetch stubbed): `handle` answers each call (undefined = 404), every call is
 * recorded. Countries are always there (the LandSelect).
 */
export function fakeApi(handle: (call: Call) => Answer) {
  const calls: Call[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), "http://localhost");
    const call: Call = {
      method: init?.method ?? "GET",
      path: url.pathname.replace(/^\/app\/api\//, ""),
      query: url.searchParams,
      body: typeof init?.body === "string" ? JSON.parse(init.body) : undefined,
    };
    const answer =
      call.path === "alllands"
        ? {
            body: [
              { id: 1, laenderKuerzel: "AT", bezeichnung: "Österreich", bezeichnungEn: "Austria", eu: true },
              { id: 2, laenderKuerzel: "DE", bezeichnung: "Deutschland", bezeichnungEn: "Germany", eu: true },
            ],
          }
        : handle(call);
    if (call.path !== "alllands") calls.push(call);
    const status = answer?.status ?? (answer ? 200 : 404);
    const body =
      answer?.body ??
      (status >= 400 ? { status, title: "x", code: status === 404 ? "error.notFound" : "x" } : null);
    return new Response(JSON.stringify(body), {
      status,
      headers: { "content-type": status >= 400 ? "application/problem+json" : "application/json" },
    });
  });
  vi.stubGlobal("fetch", fetch);
  return { calls, fetch };
}

export function renderWithProviders(ui: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider env="test">
      <QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>
    </MantineProvider>,
  );
}

/** A search row as kundessearch answers it. */
export function zeile(id: number, anzeigename: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    kundenNummer: String(10000 + id),
    anzeigename,
    firma: "firma",
    bezeichnung: anzeigename,
    vorname: null,
    nachname: null,
    strasse: "Hauptstraße",
    hausNummer: "1",
    plz: "1010",
    ort: "Wien",
    land: "AT",
    email: null,
    telnr: null,
    uid: null,
    lieferant: false,
    aktiv: true,
    ...extra,
  };
}
