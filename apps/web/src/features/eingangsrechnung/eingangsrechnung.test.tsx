import type { TEingangsrechnung } from "@kontor/domain/erechnung/eingang.schema";
import { MantineProvider } from "@mantine/core";
import { Notifications } from "@mantine/notifications";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from "@tanstack/react-router";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import i18next from "i18next";
import type { ReactNode } from "react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../app/api.ts";
import { session } from "../../app/session.ts";
import { aufraeumen, initTestI18n } from "../../test/komponententest.ts";
import { accountKeys } from "../account/account.queries.ts";
import { mandantModulesKeys } from "../mandant/mandantModules.api.ts";
import { EingangsrechnungAnsicht } from "./EingangsrechnungDetail.tsx";
import { EingangUpload } from "./EingangUpload.tsx";
import { dateiFehler, importFehler } from "./eingangsrechnung.api.ts";
import {
  bedingungenLesen,
  betragText,
  einheitName,
  kontoText,
  notizLesen,
  skontoDatum,
  zahlGenau,
} from "./eingangsrechnung.format.ts";

beforeAll(() => initTestI18n(["common", "crud", "errors", "eingangsrechnung"]));

afterEach(async () => {
  aufraeumen();
  await i18next.changeLanguage("de");
});

describe("how the business terms read", () => {
  it.each([
    ["1436.50", "EUR", "1.436,50 €"],
    ["-3.10", "EUR", "-3,10 €"],
    ["1801.78", "NOK", "1.801,78 NOK"],
    ["0.1234", "EUR", "0,1234 €"],
    [250.3, "EUR", "250,30 €"],
  ] as const)("the amount %s %s reads %s", (wert, waehrung, text) => {
    expect(betragText(wert, waehrung)).toBe(text);
  });

  it("keeps every digit of quantities and prices; names units and groups IBANs", () => {
    expect(zahlGenau("1.5")).toBe("1,5");
    expect(zahlGenau("1000.125")).toBe("1.000,125");
    expect(zahlGenau("2")).toBe("2");
    expect(einheitName("HUR", "de")).toBe("Stunde");
    expect(einheitName("HUR", "en")).toBe("Hour");
    expect(einheitName("XPP", "de")).toBe("XPP");
    expect(kontoText("DE89370400440532013000")).toBe("DE89 3704 0044 0532 0130 00");
    expect(kontoText("123-456")).toBe("123-456");
  });

  it("reads skonto lines of the payment terms and notes with a subject code", () => {
    expect(
      bedingungenLesen(
        "Zahlbar innerhalb 30 Tagen\n#SKONTO#TAGE=14#PROZENT=2.00#\n#SKONTO#TAGE=7#PROZENT=3.00#BASISBETRAG=100.00#\n",
      ),
    ).toEqual([
      { art: "text", text: "Zahlbar innerhalb 30 Tagen" },
      { art: "skonto", tage: 14, prozent: "2.00" },
      { art: "skonto", tage: 7, prozent: "3.00", basis: "100.00" },
    ]);
    expect(bedingungenLesen(undefined)).toEqual([]);
    expect(skontoDatum("2026-02-20", 14)).toBe("2026-03-06");
    expect(notizLesen("#AAI#Bitte beachten")).toEqual({ code: "AAI", text: "Bitte beachten" });
    expect(notizLesen("Ohne Code #x#")).toEqual({ text: "Ohne Code #x#" });
  });
});

describe("files and refusals", () => {
  const bytes = (text: string) => new TextEncoder().encode(text);
  it("refuses empty, too large and other files in the browser; the content or the name decides", () => {
    expect(dateiFehler({ name: "a.xml", size: 0 }, bytes(""))).toBe("leer");
    expect(dateiFehler({ name: "a.pdf", size: 10 * 1024 * 1024 + 1 }, bytes("%PDF-"))).toBe("zuGross");
    expect(dateiFehler({ name: "rechnung", size: 10 }, bytes("%PDF-1.7"))).toBeNull();
    expect(dateiFehler({ name: "rechnung.txt", size: 10 }, bytes("\uFEFF<?xml"))).toBeNull();
    expect(dateiFehler({ name: "bild.png", size: 10 }, new Uint8Array([0x89, 0x50, 0x4e, 0x47]))).toBe("typ");
  });

  it("translates the reason of a refused import, with its facts, in both languages", async () => {
    const t = i18next.getFixedT(null, "eingangsrechnung");
    const problem = (code: string, detail?: string, status = 400) =>
      new ApiError({ status, code, body: detail === undefined ? {} : { detail } });
    const fallback = () => "fallback";
    expect(
      importFehler(problem("error.erechnungUnlesbar", "unbekanntesFormat: ebInterface 6.1"), t, fallback),
    ).toEqual({
      text: "Das ist keine E-Rechnung in einem unterstützten Format (erkannt: ebInterface 6.1).",
    });
    expect(importFehler(problem("error.erechnungUnlesbar", "dtdVerboten"), t, fallback).text).toContain(
      "DTD- bzw. Entity-Deklarationen",
    );
    expect(importFehler(problem("error.erechnungUnlesbar", "keinXmlImPdf"), t, fallback).text).toBe(
      "Das PDF enthält keine eingebettete E-Rechnung (ZUGFeRD / Factur-X).",
    );
    expect(importFehler(problem("error.conflict", "gleicheNummer: 17", 409), t, fallback)).toEqual({
      text: "Von diesem Lieferanten gibt es bereits eine Rechnung mit dieser Nummer.",
      vorhanden: 17,
    });
    expect(importFehler(problem("error.erechnungUnlesbar", "neuerCode"), t, fallback).text).toBe("fallback");
    await i18next.changeLanguage("en");
    const en = i18next.getFixedT("en", "eingangsrechnung");
    expect(
      importFehler(problem("error.erechnungUnlesbar", "unvollstaendig: BT-1, BT-2"), en, fallback).text,
    ).toBe("Mandatory details are missing: BT-1, BT-2.");
    expect(importFehler(problem("error.conflict", "gleicheDatei: 3", 409), en, fallback)).toEqual({
      text: "This file has been imported before.",
      vorhanden: 3,
    });
  });
});

/** Renders `ui` at /eingangsrechnung_list/ inside a router (links work), with a fresh query client. */
function zeigen(ui: ReactNode, path = "/eingangsrechnung_list/") {
  const rootRoute = createRootRoute({ component: Outlet });
  const routes = ["eingangsrechnung_list/", "eingangsrechnung/$slug", "kunde/$slug", "login"].map((p) =>
    createRoute({ getParentRoute: () => rootRoute, path: p, component: () => <>{ui}</> }),
  );
  const router = createRouter({
    routeTree: rootRoute.addChildren(routes),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // A user who may import and check (ROLE_USER with the invoicing module: area belegListCreate).
  session.signIn("token");
  session.selectMandant(7);
  queryClient.setQueryData(accountKeys.current, { login: "anna", authorities: ["ROLE_USER"] } as never);
  queryClient.setQueryData(mandantModulesKeys.of(7), ["rechnungslegung"] as never);
  render(
    <MantineProvider>
      <Notifications />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

interface Call {
  method: string;
  path: string;
  body: { dateiname?: string; status?: string } | undefined;
}

/** The API behind the real client: `antwort` answers each call. */
function fakeApi(antwort: (call: Call) => { status: number; body: unknown }) {
  const calls: Call[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), "http://localhost");
      const call: Call = {
        method: init?.method ?? "GET",
        path: url.pathname.replace(/^\/app\/api\//, ""),
        body: typeof init?.body === "string" ? JSON.parse(init.body) : undefined,
      };
      calls.push(call);
      const a = antwort(call);
      return new Response(JSON.stringify(a.body), {
        status: a.status,
        headers: { "content-type": a.status >= 400 ? "application/problem+json" : "application/json" },
      });
    }),
  );
  return calls;
}

describe("upload", () => {
  it("imports several files one by one, each with its own result; a refused one does not stop the others", async () => {
    const calls = fakeApi(({ body }) => {
      if (body?.dateiname === "gut.xml")
        return {
          status: 201,
          body: {
            id: 42,
            nummer: "R-1",
            lieferant: { id: 5, anzeigename: "Maier GmbH" },
            lieferantAngelegt: true,
          },
        };
      if (body?.dateiname === "doppelt.pdf")
        return { status: 409, body: { status: 409, code: "error.conflict", detail: "gleicheDatei: 7" } };
      return {
        status: 400,
        body: { status: 400, code: "error.erechnungUnlesbar", detail: "unbekanntesFormat: ebInterface 6.1" },
      };
    });
    zeigen(<EingangUpload />);
    const region = await screen.findByRole("region", { name: "E-Rechnungen einlesen" });
    const input = region.querySelector('input[type="file"]') as HTMLInputElement;
    expect(input.multiple).toBe(true);
    expect(input.accept).toContain(".xml");
    const datei = (text: string, name: string) => new File([text], name);
    fireEvent.change(input, {
      target: {
        files: [
          datei("<Invoice/>", "eb.xml"),
          datei("<Invoice/>", "gut.xml"),
          datei("%PDF-1.7", "doppelt.pdf"),
          datei("Hallo", "notiz.txt"),
        ],
      },
    });
    const liste = await screen.findByRole("list", { name: "Ergebnisse des Einlesens" });
    await waitFor(() =>
      expect(
        within(liste).getByText(/Rechnung R-1 von Maier GmbH eingelesen – Lieferant neu angelegt/),
      ).toBeTruthy(),
    );
    await waitFor(() => expect(within(liste).getByText(/Nur XML- und PDF-Dateien/)).toBeTruthy());
    expect(within(liste).getByText(/erkannt: ebInterface 6\.1/)).toBeTruthy();
    expect(within(liste).getByText(/Diese Datei wurde bereits eingelesen/)).toBeTruthy();
    expect(within(liste).getByRole("link", { name: "Öffnen" }).getAttribute("href")).toBe(
      "/eingangsrechnung/42",
    );
    expect(within(liste).getByRole("link", { name: "Vorhandene öffnen" }).getAttribute("href")).toBe(
      "/eingangsrechnung/7",
    );
    // The text file never reached the server; the others did, one after the other, in their order.
    expect(calls.filter((c) => c.method === "POST").map((c) => c.body?.dateiname)).toEqual([
      "eb.xml",
      "gut.xml",
      "doppelt.pdf",
    ]);
  });

  it("takes files dropped on the area", async () => {
    const calls = fakeApi(() => ({
      status: 201,
      body: { id: 1, nummer: "X", lieferant: { id: 2, anzeigename: "L" }, lieferantAngelegt: false },
    }));
    zeigen(<EingangUpload />);
    const zone = await screen.findByTestId("eingang-dropzone");
    fireEvent.drop(zone, { dataTransfer: { files: [new File(["<a/>"], "a.xml")] } });
    await screen.findByText(/Rechnung X von L eingelesen$/);
    expect(calls).toHaveLength(1);
  });
});

const RECHNUNG: TEingangsrechnung = {
  id: 9,
  lieferant: { id: 5, anzeigename: "Schreinerei Maier GmbH" },
  nummer: "R-2026-17",
  art: "380",
  datum: "2026-02-20",
  faelligAm: "2026-03-22",
  brutto: 119,
  zahlbar: 119,
  waehrung: "EUR",
  format: "XRechnung 3.0 (UBL)",
  status: "entwurf",
  dateiname: "rechnung.xml",
  syntax: "ubl",
  contentType: "application/xml",
  groesse: 8200,
  sha256: "ab",
  erstelltVon: "clerk",
  erstelltAm: "2026-02-21T09:30:00.000Z",
  geprueftVon: null,
  geprueftAm: null,
  rechnung: {
    nummer: "R-2026-17",
    datum: "2026-02-20",
    art: "380",
    waehrung: "EUR",
    notizen: ["#AAI#Vielen Dank für Ihren Auftrag"],
    kaeuferReferenz: "04011000-12345-03",
    bestellReferenz: "B-4711",
    verkaeufer: {
      name: "Schreinerei Maier GmbH",
      uid: "DE136695976",
      adresse: { zeile1: "Lindenweg 3", plz: "80331", ort: "München", land: "DE" },
      kontakt: { name: "Josef Maier", telefon: "+49 89 123456", email: "buchhaltung@maier.de" },
    },
    kaeufer: { name: "Huber KG", adresse: { zeile1: "Ring 1", plz: "1010", ort: "Wien", land: "AT" } },
    zahlung: {
      artCode: "58",
      konto: { iban: "DE89370400440532013000", bic: "COBADEFFXXX" },
      bedingungen: "#SKONTO#TAGE=14#PROZENT=2.00#\nZahlbar binnen 30 Tagen netto",
      faelligAm: "2026-03-22",
    },
    abschlaege: [{ betrag: "-5.00", kategorie: "S", satz: "19.00", grund: "Fracht" }],
    positionen: [
      {
        id: "1",
        menge: "2",
        einheit: "HUR",
        netto: "95.00",
        preis: "50.00",
        abschlag: { betrag: "5.00", grund: "Stammkunde" },
        kategorie: "S",
        satz: "19.00",
        name: "Montage",
        beschreibung: "Küche aufbauen",
      },
    ],
    steuern: [{ basis: "100.00", betrag: "19.00", kategorie: "S", satz: "19.00" }],
    summen: {
      positionen: "95.00",
      abschlaege: "-5.00",
      netto: "100.00",
      steuer: "19.00",
      brutto: "119.00",
      zahlbar: "119.00",
    },
  },
};

describe("the invoice as a clerk reads it", () => {
  it("shows header, parties, payment with skonto, lines, charges, VAT and totals; marks it checked", async () => {
    const calls = fakeApi((call) =>
      call.method === "PUT"
        ? {
            status: 200,
            body: {
              ...RECHNUNG,
              status: "geprueft",
              geprueftVon: "clerk",
              geprueftAm: "2026-02-22T10:00:00Z",
            },
          }
        : { status: 200, body: [] },
    );
    zeigen(<EingangsrechnungAnsicht e={RECHNUNG} />, "/eingangsrechnung/9");
    expect(await screen.findByRole("heading", { level: 1, name: "Rechnung R-2026-17" })).toBeTruthy();
    const kopf = screen.getByRole("region", { name: "Rechnung" });
    expect(within(kopf).getByRole("link", { name: "Schreinerei Maier GmbH" }).getAttribute("href")).toBe(
      "/kunde/5",
    );
    expect(within(kopf).getByText("04011000-12345-03")).toBeTruthy();
    expect(within(kopf).getByText("22.03.2026")).toBeTruthy();
    const verkaeufer = screen.getByRole("region", { name: "Verkäufer" });
    expect(within(verkaeufer).getByText("DE136695976")).toBeTruthy();
    expect(within(verkaeufer).getByText("Deutschland")).toBeTruthy();
    const zahlung = screen.getByRole("region", { name: "Zahlung" });
    expect(within(zahlung).getByText("SEPA-Überweisung")).toBeTruthy();
    expect(within(zahlung).getByText("DE89 3704 0044 0532 0130 00")).toBeTruthy();
    expect(within(zahlung).getByText("2 % Skonto bei Zahlung bis 06.03.2026 (14 Tage)")).toBeTruthy();
    expect(within(zahlung).getByText("Zahlbar binnen 30 Tagen netto")).toBeTruthy();
    const positionen = screen.getByRole("table", { name: "Positionen" });
    const zeile = within(positionen).getAllByRole("row")[1]!;
    expect(zeile.textContent).toContain("Küche aufbauen");
    expect(zeile.textContent).toContain("2 Stunde");
    expect(zeile.textContent).toContain("50,00 €");
    expect(zeile.textContent).toContain("Stammkunde");
    expect(zeile.textContent).toContain("95,00 €");
    expect(
      within(screen.getByRole("table", { name: "Nachlässe und Zuschläge" })).getByText("Zuschlag"),
    ).toBeTruthy();
    const summen = screen.getByRole("table", { name: "Summen" });
    const zahlbar = summen.querySelector('[data-bt="BT-115"]')!;
    expect(zahlbar.textContent).toBe("Zahlbetrag BT-115119,00 €");
    expect(summen.querySelector('[data-bt="BT-113"]')).toBeNull();
    expect(screen.getByText("Vielen Dank für Ihren Auftrag")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Originaldatei herunterladen" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Löschen" })).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Als geprüft markieren" }));
    await screen.findByText("Als geprüft markiert");
    expect(calls.find((c) => c.method === "PUT")).toMatchObject({
      path: "eingangsrechnung/9/status",
      body: { status: "geprueft" },
    });
  });

  it("in English; a checked invoice offers no delete, only back to draft", async () => {
    await i18next.changeLanguage("en");
    fakeApi(() => ({ status: 200, body: [] }));
    zeigen(
      <EingangsrechnungAnsicht
        e={{ ...RECHNUNG, status: "geprueft", geprueftVon: "anna", geprueftAm: "2026-02-22T10:00:00Z" }}
      />,
      "/eingangsrechnung/9",
    );
    expect(await screen.findByRole("heading", { level: 1, name: "Invoice R-2026-17" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Back to draft" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Delete" })).toBeNull();
    expect(screen.getByText("SEPA credit transfer")).toBeTruthy();
    expect(screen.getByText("2% early payment discount until 06/03/2026 (14 days)")).toBeTruthy();
    expect(screen.getByRole("region", { name: "Seller" })).toBeTruthy();
  });
});
