import type { TBeleg } from "@kontor/domain/beleg/beleg.schema";
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
import { session } from "../../app/session.ts";
import { initTestI18n } from "../../test/komponententest.ts";
import { visible } from "../../test/visible.ts";
import { BelegEdit } from "./beleg.edit.tsx";

beforeAll(() =>
  initTestI18n(["common", "crud", "errors", "validation", "beleg", "kundesuche", "artikelsuche", "richtext"]),
);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const position = (
  id: number,
  nr: number,
  beschreibung: string,
  menge: number,
  preis: number,
  mwst: number,
) => ({
  id,
  artikel: null,
  artikelRabatt: 0,
  positionsBeschreibung: beschreibung,
  positionsBeschreibungZusatz: null,
  positionsMenge: menge,
  positionsMwst: mwst,
  positionsNummer: nr,
  positionsPreis: preis,
  positionsVersandMenge: null,
  teilversandFinalize: false,
  rabatt: 0,
  zeiteintraege: [],
  belegspositionLieferant: null,
  positionsSumme: null,
  stillOpenAmount: null,
});

/** A stored draft invoice: 10 × 12,50 at 20 % and 1 × 99,99 at 10 %. */
const entwurf: TBeleg = {
  id: 7,
  belegNummer: null,
  belegDatum: "2026-03-02",
  belegsTyp: "rechnung",
  kunde: { id: 3, anzeigename: "Muster GmbH" },
  adresse: null,
  zuHanden: null,
  leistungsDatum: "2026-03-01",
  leistungsZeitraumVon: null,
  leistungsZeitraumBis: null,
  belegspositionSet: [position(41, 1, "Schrauben", 10, 12.5, 20), position(42, 2, "Montage", 1, 99.99, 10)],
  rabatt: null,
  belegRabatt: 0,
  reverseCharge: false,
  bankomat: false,
  rechnungsText: null,
  belegstext2: null,
  belegstext3: null,
  belegFelder: [],
  projektList: [],
  zahlungsziel: null,
  lieferbedingung: null,
  zahlungsbedingung: null,
  fahrzeug: null,
  bestellBelegnummer: null,
  kaeuferReferenz: null,
  summeNetto: 224.99,
  summeBrutto: 259.99,
  belegMwstSet: [],
  freigabe: false,
  bezahlt: false,
  storniert: false,
  stornoRechnungsnummer: null,
  ursprungsBeleg: null,
  rksvBarcode: null,
  docPath: null,
  zahlungList: [],
};

interface Call {
  method: string;
  path: string;
  body: unknown;
}

type Antwort = { status: number; body: unknown };

function fakeApi(handler: (call: Call) => Antwort | undefined, kunde: Record<string, unknown> = {}): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), "http://localhost");
      const path = url.pathname.replace(/^\/app\/api\//, "");
      const method = init?.method ?? "GET";
      const body = typeof init?.body === "string" ? JSON.parse(init.body) : undefined;
      const call = { method, path, body };
      calls.push(call);
      const json = (status: number, value: unknown, headers: Record<string, string> = {}) =>
        new Response(status === 204 ? null : JSON.stringify(value), {
          status,
          headers: {
            "content-type": status >= 400 ? "application/problem+json" : "application/json",
            ...headers,
          },
        });
      const eigene = handler(call);
      if (eigene) return json(eigene.status, eigene.body);
      if (path === "account")
        return json(200, { id: 1, login: "u", authorities: ["ROLE_USER"], langKey: "de" });
      if (path === "getmandantmodule") return json(200, { mandantId: 7, modulList: ["rechnungslegung"] });
      if (path === "beleg/7") return json(200, entwurf);
      if (path === "kundes/3")
        return json(200, {
          id: 3,
          anzeigename: "Muster GmbH",
          adresseLists: [
            { id: 1, strasse: "Ring", hausNummer: "1", plz: "1010", ort: "Wien", land: "AT", aktiv: true },
          ],
          fahrzeuge: [],
          belegLangKey: "de",
          rabattVorschlag: 0,
          preisschiene: null,
          export: false,
          innergemeinschaftlich: false,
          ...kunde,
        });
      if (path === "mehrwertssteuers/all")
        return json(200, [{ id: 1, mwst: 20, defaultMwst: true, land: "AT" }]);
      if (path === "beleg/7/historie") return json(200, []);
      if (path === "belegfelddefinitionsall") return json(200, []);
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
    path: "beleg/$slug",
    component: BelegEdit,
  });
  const deepRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: "beleg/$slug/$",
    component: BelegEdit,
  });
  const listRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: "beleg_list",
    component: () => null,
  });
  const router = createRouter({
    routeTree: rootRoute.addChildren([editRoute, deepRoute, listRoute]),
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

const feld = (name: string) => screen.getByRole("textbox", { name }) as HTMLInputElement;
const betrag = (testId: string) => screen.getByTestId(testId).textContent?.replace(/\s/g, " ");

describe("beleg edit", { timeout: 30_000 }, () => {
  it("shows the totals of belegSummen under the positions and follows what is typed", async () => {
    fakeApi(() => undefined);
    renderAt("/beleg/7/edit/true/false");
    await screen.findByRole("textbox", { name: "Menge, Position 1" });
    // 125,00 + 99,99 net; VAT 25,00 (20 %) + 10,00 (10 % of 99,99 rounded once per rate)
    expect(betrag("summe-netto")).toBe("224,99 €");
    expect(betrag("summe-mwst")).toBe("35,00 €");
    expect(betrag("summe-brutto")).toBe("259,99 €");
    const summen = screen.getByLabelText("Summen");
    expect(visible(within(summen).getByText("MwSt. 20,0 %"))).toBe(true);
    expect(visible(within(summen).getByText("MwSt. 10,0 %"))).toBe(true);

    fireEvent.change(feld("Menge, Position 1"), { target: { value: "3" } });
    await waitFor(() => expect(betrag("summe-netto")).toBe("137,49 €"));
    expect(betrag("summe-brutto")).toBe("154,99 €");
    expect(screen.getByLabelText("Netto, Position 1").textContent).toBe("37,50 €");
    // A unit price shows two decimals like any amount; a fourth may be typed and stays.
    expect(feld("Einzelpreis, Position 1").value).toBe("12,50");
    fireEvent.focusIn(feld("Einzelpreis, Position 2"));
    await waitFor(() => expect(feld("Einzelpreis, Position 2").value).toBe("99,99"));
    fireEvent.change(feld("Einzelpreis, Position 2"), { target: { value: "99,9875" } });
    act(() => feld("Einzelpreis, Position 2").blur());
    await waitFor(() => expect(feld("Einzelpreis, Position 2").value).toBe("99,9875"));
    expect(screen.getByLabelText("Netto, Position 2").textContent).toBe("99,99 €");
  });

  it("a small-business tenant's draft charges no VAT, as the server's save will compute it", async () => {
    fakeApi(({ path }) =>
      path === "mandants/all"
        ? { status: 200, body: [{ id: 7, bezeichnung: "Klein", aktiv: true, kleinunternehmer: true }] }
        : undefined,
    );
    renderAt("/beleg/7/edit/true/false");
    await screen.findByRole("textbox", { name: "Menge, Position 1" });
    await waitFor(() => expect(betrag("summe-mwst")).toBe("0,00 €"));
    expect(betrag("summe-netto")).toBe("224,99 €");
    expect(betrag("summe-brutto")).toBe("224,99 €");
  });

  it("Enter in the last row adds the next row with the next number and focuses it", async () => {
    fakeApi(() => undefined);
    renderAt("/beleg/7/edit/true/false");
    const menge = await screen.findByRole("textbox", { name: "Menge, Position 2" });
    fireEvent.keyDown(feld("Menge, Position 1"), { key: "Enter" });
    expect(screen.queryByRole("textbox", { name: "Menge, Position 3" })).toBeNull();

    fireEvent.keyDown(menge, { key: "Enter" });
    const neu = await screen.findByRole("textbox", { name: "Menge, Position 3" });
    expect((neu as HTMLInputElement).value).toBe("1");
    const artikel = screen.getByRole("combobox", { name: "Artikel, Position 3" });
    await waitFor(() => expect(document.activeElement).toBe(artikel));
    expect(screen.getAllByTestId("positionsNummer").map((n) => n.textContent)).toEqual(["1", "2", "3"]);
  });

  it("moves a row with the keyboard buttons and saves the new order", async () => {
    const calls = fakeApi((call) =>
      call.method === "PUT" && call.path === "beleg"
        ? { status: 200, body: { ...entwurf, ...(call.body as object) } }
        : undefined,
    );
    renderAt("/beleg/7/edit/true/false");
    await screen.findByRole("textbox", { name: "Menge, Position 2" });
    expect(screen.getByRole("button", { name: "Position 1 nach oben" }).hasAttribute("disabled")).toBe(true);

    fireEvent.click(screen.getByRole("button", { name: "Position 2 nach oben" }));
    await waitFor(() =>
      expect(screen.getAllByTestId("positionsNummer").map((n) => n.textContent)).toEqual(["2", "1"]),
    );
    expect(feld("Beschreibung, Position 2").value).toBe("Montage");
    expect(
      (screen.getAllByRole("textbox", { name: /^Beschreibung, Position/ }) as HTMLInputElement[]).map(
        (i) => i.value,
      ),
    ).toEqual(["Montage", "Schrauben"]);

    fireEvent.click(screen.getByRole("button", { name: "Speichern" }));
    await waitFor(() => expect(calls.some((c) => c.method === "PUT")).toBe(true));
    const put = calls.find((c) => c.method === "PUT")?.body as { belegspositionSet: { id: number }[] };
    expect(put.belegspositionSet.map((p) => p.id)).toEqual([42, 41]);
  });

  it("drags a row by its handle onto another row", async () => {
    fakeApi(() => undefined);
    renderAt("/beleg/7/edit/true/false");
    await screen.findByRole("textbox", { name: "Menge, Position 2" });
    const [griff] = screen.getAllByTitle("Ziehen zum Verschieben");
    const ziel = feld("Menge, Position 2").closest("tr") as HTMLElement;
    const dataTransfer = { setData: () => undefined, effectAllowed: "", dropEffect: "" };
    fireEvent.dragStart(griff as HTMLElement, { dataTransfer });
    fireEvent.dragOver(ziel, { dataTransfer });
    fireEvent.drop(ziel, { dataTransfer });
    await waitFor(() =>
      expect(screen.getAllByTestId("positionsNummer").map((n) => n.textContent)).toEqual(["2", "1"]),
    );
    expect(betrag("summe-brutto")).toBe("259,99 €");
  });

  it("finalizing opens the document read-only with its number and status", async () => {
    const final = { ...entwurf, freigabe: true, belegNummer: "2026-00001" };
    let finalisiert = false;
    const calls = fakeApi((call) => {
      if (call.method === "POST" && call.path === "beleg/7/freigabe") {
        finalisiert = true;
        return { status: 200, body: final };
      }
      return finalisiert && call.path === "beleg/7" ? { status: 200, body: final } : undefined;
    });
    renderAt("/beleg/7/edit/true/false");
    fireEvent.click(await screen.findByRole("button", { name: "Finalisieren" }));
    const frage = await screen.findByRole("dialog", { name: "Beleg finalisieren?" });
    fireEvent.click(within(frage).getByRole("button", { name: "Finalisieren" }));

    await waitFor(() => expect(screen.getByTestId("beleg-status").textContent).toBe("Finalisiert"));
    expect(calls.filter((c) => c.method === "POST").map((c) => c.path)).toEqual(["beleg/7/freigabe"]);
    expect(visible(screen.getByText("Nr. 2026-00001"))).toBe(true);
    expect(screen.queryByRole("button", { name: "Speichern" })).toBeNull();
    expect(feld("Menge, Position 1").closest("fieldset")?.disabled).toBe(true);
    expect(screen.queryByRole("button", { name: "Position hinzufügen" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Finalisieren" })).toBeNull();
    expect(visible(screen.getByRole("button", { name: "Stornieren" }))).toBe(true);
  });

  it("a refused finalization lists each missing legal content; the document's own ones point at the field", async () => {
    fakeApi((call) =>
      call.method === "POST" && call.path === "beleg/7/freigabe"
        ? {
            status: 409,
            body: {
              status: 409,
              title: "x",
              code: "error.pflichtangaben",
              fieldErrors: [
                { field: "leistungsDatum", code: "required" },
                { field: "kunde.uid", code: "required" },
                { field: "mandant.adresseLists.0.plz", code: "required" },
              ],
            },
          }
        : undefined,
    );
    renderAt("/beleg/7/edit/true/false");
    fireEvent.click(await screen.findByRole("button", { name: "Finalisieren" }));
    fireEvent.click(
      within(await screen.findByRole("dialog", { name: "Beleg finalisieren?" })).getByRole("button", {
        name: "Finalisieren",
      }),
    );
    const liste = await screen.findByRole("alert");
    expect(within(liste).getByText(/fehlen Pflichtangaben/).textContent).toContain("Finalisieren");
    expect(visible(within(liste).getByRole("button", { name: "Leistungsdatum" }))).toBe(true);
    expect(within(liste).getByText(/UID-Nummer des Kunden/).textContent).toContain("UID-Nummer des Kunden");
    expect(within(liste).getByRole("link", { name: "beim Kunden ergänzen" }).getAttribute("href")).toBe(
      "/kunde/3",
    );
    expect(within(liste).getByText(/PLZ der Adresse Ihres Unternehmens/).textContent).toContain(
      "Mandantendaten",
    );
    expect(screen.getByTestId("beleg-status").textContent).toBe("Entwurf");
  });

  it("offers sending a finalized document by mail only with the module mailversand and the account's permission", async () => {
    const final = { ...entwurf, freigabe: true, belegNummer: "2026-00001" };
    for (const [module, erlaubt, sichtbar] of [
      [["rechnungslegung", "mailversand"], true, true],
      [["rechnungslegung", "mailversand"], false, false],
      [["rechnungslegung"], true, false],
    ] as const) {
      const calls = fakeApi(({ path }) => {
        if (path === "beleg/7") return { status: 200, body: final };
        if (path === "getmandantmodule") return { status: 200, body: { mandantId: 7, modulList: module } };
        if (path === "account")
          return {
            status: 200,
            body: {
              id: 1,
              login: "u",
              authorities: ["ROLE_USER"],
              langKey: "de",
              enablemailtransfer: erlaubt,
            },
          };
        return undefined;
      });
      renderAt("/beleg/7/edit/true/false");
      await screen.findByRole("button", { name: "Stornieren" });
      // Modules and account are in before deciding (a hidden button must not be hidden for want of them).
      await waitFor(() =>
        expect(
          new Set(calls.map((c) => c.path).filter((p) => /^(account|getmandantmodule)$/.test(p))).size,
        ).toBe(2),
      );
      await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
      await waitFor(() =>
        expect(screen.queryByRole("button", { name: "Per E-Mail senden" }) !== null).toBe(sichtbar),
      );
      cleanup();
      vi.unstubAllGlobals();
    }
  });

  it("the payment text is the term's sentence with the amount of the positions as they are; an own text is kept", async () => {
    // Stored by an earlier editor while the gross was 0 (issue 33): "(0,00 €)".
    const veraltet = "Zahlbar bis 01.04.2026 ohne Abzug. Bei Zahlung bis 16.03.2026 2 % Skonto (0,00 €).";
    const mitZiel = { ...entwurf, zahlungsziel: { id: 5 }, belegstext2: veraltet };
    const ziel = { id: 5, name: "14 Tage 2 %", nettoTage: 30, skontoList: [{ id: 1, tage: 14, prozent: 2 }] };
    const calls = fakeApi((call) => {
      if (call.path === "beleg/7") return { status: 200, body: mitZiel };
      if (call.path === "zahlungsziels") return { status: 200, body: [ziel] };
      if (call.method === "PUT" && call.path === "beleg")
        return { status: 200, body: { ...mitZiel, ...(call.body as object) } };
      return undefined;
    });
    const gespeichert = () =>
      calls.filter((c) => c.method === "PUT").map((c) => (c.body as { belegstext2: unknown }).belegstext2);
    renderAt("/beleg/7/edit/true/false");
    await screen.findByRole("textbox", { name: "Menge, Position 1" });
    fireEvent.click(screen.getByRole("tab", { name: /^Texte/ }));
    const text = () => screen.getByRole("textbox", { name: "Zahlungstext" }) as HTMLTextAreaElement;
    // 259,99 € × 0,98 = 254,7902 → 254,79 €
    await waitFor(() =>
      expect(text().value).toBe(
        "Zahlbar bis 01.04.2026 ohne Abzug. Bei Zahlung bis 16.03.2026 2 % Skonto (254,79 €).",
      ),
    );
    fireEvent.click(screen.getByRole("tab", { name: /^Beleg/ }));
    fireEvent.change(feld("Menge, Position 1"), { target: { value: "3" } });
    fireEvent.click(screen.getByRole("tab", { name: /^Texte/ }));
    // 154,99 € × 0,98 = 151,8902 → 151,89 €
    await waitFor(() => expect(text().value).toContain("2 % Skonto (151,89 €)."));

    // Typed over, it is the user's own text and saved as written.
    fireEvent.change(text(), { target: { value: "Zahlbar bei Lieferung." } });
    expect(text().value).toBe("Zahlbar bei Lieferung.");
    fireEvent.click(screen.getByRole("button", { name: "Speichern" }));
    await waitFor(() => expect(gespeichert()).toEqual(["Zahlbar bei Lieferung."]));
    // "Make again" goes back to the term's sentence, which is saved empty (the server makes it from the totals).
    fireEvent.click(screen.getByRole("button", { name: "Aus dem Zahlungsziel neu erstellen" }));
    expect(text().value).toContain("2 % Skonto (151,89 €).");
    fireEvent.click(screen.getByRole("button", { name: "Speichern" }));
    await waitFor(() => expect(gespeichert()).toEqual(["Zahlbar bei Lieferung.", null]));
  });

  it("a credit note typed with negative quantities says at once that it credits positive amounts", async () => {
    const gutschrift = { ...entwurf, belegsTyp: "gutschrift" as const };
    fakeApi((call) => (call.path === "beleg/7" ? { status: 200, body: gutschrift } : undefined));
    renderAt("/beleg/7/edit/true/false");
    await screen.findByRole("textbox", { name: "Menge, Position 1" });
    expect(screen.queryByTestId("gutschrift-negativ")).toBeNull();
    fireEvent.change(feld("Menge, Position 1"), { target: { value: "-10" } });
    fireEvent.change(feld("Menge, Position 2"), { target: { value: "-1" } });
    const hinweis = await screen.findByTestId("gutschrift-negativ");
    expect(visible(hinweis)).toBe(true);
    expect(hinweis.textContent).toContain("Mengen bitte ohne Minus");
    fireEvent.change(feld("Menge, Position 1"), { target: { value: "10" } });
    fireEvent.change(feld("Menge, Position 2"), { target: { value: "1" } });
    await waitFor(() => expect(screen.queryByTestId("gutschrift-negativ")).toBeNull());
  });

  it("a customer printing in English shows the hint", async () => {
    fakeApi(() => undefined, { belegLangKey: "en" });
    renderAt("/beleg/7/edit/true/false");
    const hinweis = await screen.findByTestId("englisch-hinweis");
    expect(hinweis.textContent).toContain("auf Englisch gedruckt");
  });
});
