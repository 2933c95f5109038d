import type { TRksvBelegZeile, TRksvKasse } from "@kontor/domain/rksv/rksv.schema";
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
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { session } from "../../app/session.ts";
import { aufraeumen, initTestI18n } from "../../test/komponententest.ts";
import { accountKeys } from "../account/account.queries.ts";
import { mandantModulesKeys } from "../mandant/mandantModules.api.ts";
import { RksvKasseKarte } from "./RksvKasseKarte.tsx";
import { RksvScreen } from "./RksvScreen.tsx";
import { alsStart, pruefeStart, RksvStartForm, type StartWerte, startFehler } from "./RksvStartForm.tsx";
import { exportName, exportPfad, monatsanfang, wandzeit } from "./rksv.api.ts";

beforeAll(() => initTestI18n(["common", "crud", "errors", "validation", "rksv"]));

afterEach(aufraeumen);

const FORMAT = "Nur Buchstaben, Ziffern, Punkt und Bindestrich (kein Unterstrich, keine Leerzeichen).";
const werte = (teil: Partial<StartWerte> = {}): StartWerte => ({
  kassenId: "KASSE-1",
  art: "software",
  basisUrl: "",
  benutzer: "",
  passwort: "",
  ...teil,
});

describe("start form rules", () => {
  it("a software device needs only the cash register id; the body carries no A-Trust fields", () => {
    expect(pruefeStart(werte())).toEqual([]);
    expect(alsStart(werte({ kassenId: " K.1 ", basisUrl: "x", benutzer: "u" }))).toEqual({
      kassenId: "K.1",
      einrichtung: { art: "software" },
    });
  });

  it.each([
    ["", "Dieses Feld ist erforderlich."],
    ["   ", "Dieses Feld ist erforderlich."],
    ["KASSE_1", FORMAT],
    ["Kasse 1", FORMAT],
    ["K".repeat(41), "Bitte höchstens 40 Zeichen eingeben."],
  ])("cash register id %j: %s", (kassenId, meldung) => {
    expect(startFehler(pruefeStart(werte({ kassenId })), FORMAT)).toEqual({ kassenId: meldung });
  });

  it("A-Trust needs an http(s) URL, a user and a password; the body carries them", () => {
    expect(startFehler(pruefeStart(werte({ art: "atrust" })), FORMAT)).toEqual({
      basisUrl: "Dieses Feld ist erforderlich.",
      benutzer: "Dieses Feld ist erforderlich.",
      passwort: "Dieses Feld ist erforderlich.",
    });
    expect(
      startFehler(
        pruefeStart(werte({ art: "atrust", basisUrl: "kein-url", benutzer: "u", passwort: "p" })),
        FORMAT,
      ),
    ).toEqual({ basisUrl: "Die Eingabe hat nicht das erwartete Format." });
    const gut = werte({ art: "atrust", basisUrl: "https://rk.a-trust.at/asignrkonline/v2", benutzer: "u1" });
    expect(pruefeStart({ ...gut, passwort: "geheim" })).toEqual([]);
    expect(alsStart({ ...gut, passwort: " geheim " })).toEqual({
      kassenId: "KASSE-1",
      einrichtung: {
        art: "atrust",
        basisUrl: "https://rk.a-trust.at/asignrkonline/v2",
        benutzer: "u1",
        passwort: " geheim ",
      },
    });
  });

  it("the server's field errors land at the form's fields", () => {
    expect(
      startFehler(
        [
          { field: "einrichtung.basisUrl", code: "pattern" },
          { field: "kassenId", code: "pattern" },
        ],
        FORMAT,
      ),
    ).toEqual({ basisUrl: "Die Eingabe hat nicht das erwartete Format.", kassenId: FORMAT });
  });
});

describe("helpers", () => {
  it("shows the receipt's wall-clock time as written, whatever the browser's zone", () => {
    expect(wandzeit("2026-11-26T09:05:59")).toBe("26.11.2026 09:05");
    expect(wandzeit("kaputt")).toBe("kaputt");
  });
  it("builds the download paths and names from the day and the register", () => {
    expect(exportPfad("dep", "2026-11-01", 3)).toBe("rksv/dep?from=2026-11-01&kasseId=3");
    expect(exportPfad("dep", "", null)).toBe("rksv/dep");
    expect(exportPfad("csv", "", 3)).toBe("rksv/sjournal?kasseId=3&format=csv&lang=de");
    expect(exportPfad("pdf", "2026-11-01", 3, "en")).toBe(
      "rksv/sjournal?from=2026-11-01&kasseId=3&format=pdf&lang=en",
    );
    expect(exportPfad("container", "2026-11-01", 3)).toBe("rksv/kasse/3/container");
    expect(exportName("container", "", "K1")).toBe("Kryptomaterial-K1.json");
    expect(exportName("dep", "", "K1")).toBe("DEP-alle.json");
    expect(exportName("pdf", "2026-11-01", "K1")).toBe("Journal-2026-11-01.pdf");
    expect(monatsanfang("2026-02-14")).toBe("2026-02-01");
  });
});

interface Call {
  method: string;
  path: string;
  body: unknown;
}

/** The signed-in user's authorities (set by `zeigen`; the shell's account query may ask again). */
let rollen: string[] = [];

/**
 * The API behind the real client (fetch stubbed): `antwort` answers by method and path; the account and the
 * tenant's modules (rksv) are answered for it.
 */
function fakeApi(antwort: (call: Call) => { status: number; body: unknown } | undefined) {
  const calls: Call[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), "http://localhost");
      const call: Call = {
        method: init?.method ?? "GET",
        path: url.pathname.replace(/^\/app\/api\//, "") + url.search,
        body: typeof init?.body === "string" ? JSON.parse(init.body) : undefined,
      };
      if (call.path === "account")
        return Response.json({ login: "admin", authorities: rollen, langKey: "de" });
      if (call.path === "getmandantmodule")
        return Response.json({ mandantId: 7, modulList: ["rechnungslegung", "rksv"] });
      calls.push(call);
      const a = antwort(call) ?? { status: 500, body: { status: 500, title: "x", code: "error.unknown" } };
      return new Response(JSON.stringify(a.body), {
        status: a.status,
        headers: { "content-type": a.status >= 400 ? "application/problem+json" : "application/json" },
      });
    }),
  );
  return calls;
}

const problem = (status: number, code: string, fieldErrors?: { field: string; code: string }[]) => ({
  status,
  body: { status, title: "x", code, ...(fieldErrors && { fieldErrors }) },
});

/** Renders `inhalt` at /rksv inside router, query client and Mantine; signed in with `authorities` in tenant 7. */
async function zeigen(inhalt: ReactNode, authorities: string[] = ["ROLE_USER", "ROLE_ADMIN_MANDANT"]) {
  rollen = authorities;
  session.signIn("token");
  session.selectMandant(7);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(accountKeys.current, { login: "admin", authorities: rollen } as never);
  queryClient.setQueryData(mandantModulesKeys.of(7), ["rksv", "rechnungslegung"] as never);
  const root = createRootRoute({ component: Outlet });
  const router = createRouter({
    routeTree: root.addChildren([
      createRoute({
        getParentRoute: () => root,
        path: "rksv",
        component: () => <div data-testid="inhalt">{inhalt}</div>,
      }),
      createRoute({ getParentRoute: () => root, path: "$", component: () => <p>anderswo</p> }),
    ]),
    history: createMemoryHistory({ initialEntries: ["/rksv"] }),
  });
  render(
    <QueryClientProvider client={queryClient}>
      <MantineProvider env="test">
        <Notifications />
        <RouterProvider router={router} />
      </MantineProvider>
    </QueryClientProvider>,
  );
  await screen.findByTestId("inhalt");
  return router;
}

const registrierung = {
  kassenId: "KASSE-1",
  aesSchluessel: "q83vEjRWeJCrze8SNFZ4kKvN7xI0VniQq83vEjRWeJA=",
  pruefwert: "3e5Z",
  zda: "AT0",
  zertifikatSeriennummer: "U:ATU13585627-1A2B",
  zertifikat: "MIIBzertifikat",
  oeffentlicherSchluessel: "MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE",
};

const kasse = (teil: Partial<TRksvKasse> = {}): TRksvKasse => ({
  id: 3,
  kassenId: "KASSE-1",
  rechnungskreis: { id: 1, rechnungskreisName: "Kasse Wien" },
  einrichtungArt: "software",
  zda: "AT0",
  zertifikatSeriennummer: "U:ATU13585627-1A2B",
  belegAnzahl: 4,
  umsatzzaehler: 1234.5,
  letzterBeleg: {
    nr: 4,
    belegNummer: "2026-00003",
    typ: "STORNO",
    zweck: null,
    zeitpunkt: "2026-11-26T09:15:02",
    ausgefallen: false,
  },
  ausgefallenSeit: null,
  jahresbelegZuPruefen: false,
  ...teil,
});

describe("Startbeleg erstellen", { timeout: 30_000 }, () => {
  const kassenId = () => screen.getByRole("textbox", { name: /^Kassen-ID/ });
  const absenden = () => fireEvent.click(screen.getByRole("button", { name: "Startbeleg erstellen" }));

  it("checks the fields before it sends anything; A-Trust asks for URL, user and password", async () => {
    const calls = fakeApi(() => undefined);
    await zeigen(<RksvStartForm onGestartet={() => undefined} />);
    // The button is off while the rules find errors; the row above it names the inputs.
    const button = screen.getByRole("button", { name: "Startbeleg erstellen" }) as HTMLButtonElement;
    const hint = await screen.findByText(/^Es fehlt oder ist ungültig:/);
    await waitFor(() => expect(hint.textContent).toContain("Kassen-ID"));
    expect(button.disabled).toBe(true);
    fireEvent.click(within(hint).getByRole("button", { name: /^Kassen-ID/ }));
    expect(await screen.findByText("Dieses Feld ist erforderlich.")).toBeTruthy();
    expect(kassenId().getAttribute("aria-invalid")).toBe("true");
    fireEvent.change(kassenId(), { target: { value: "KASSE_1" } });
    fireEvent.blur(kassenId());
    expect(await screen.findByText(FORMAT)).toBeTruthy();
    expect(button.disabled).toBe(true);

    expect(screen.queryByRole("textbox", { name: /^A-Trust-URL/ })).toBeNull();
    fireEvent.click(screen.getByRole("radio", { name: /A-Trust a\.sign RK Online/ }));
    fireEvent.change(kassenId(), { target: { value: "KASSE-1" } });
    fireEvent.change(screen.getByRole("textbox", { name: /^A-Trust-URL/ }), {
      target: { value: "kein-url" },
    });
    fireEvent.blur(screen.getByRole("textbox", { name: /^A-Trust-URL/ }));
    expect(await screen.findByText("Die Eingabe hat nicht das erwartete Format.")).toBeTruthy();
    expect(hint.textContent).toMatch(/A-Trust-URL.*Benutzer.*Passwort/);
    absenden();
    expect(calls).toEqual([]);
  });

  it("posts the software start and hands the answer on", async () => {
    const calls = fakeApi((call) =>
      call.path === "rksv/startbeleg" ? { status: 200, body: { kasse: kasse(), registrierung } } : undefined,
    );
    const onGestartet = vi.fn();
    await zeigen(<RksvStartForm onGestartet={onGestartet} />);
    fireEvent.change(kassenId(), { target: { value: " KASSE-1 " } });
    absenden();
    await waitFor(() => expect(onGestartet).toHaveBeenCalled());
    expect(calls).toEqual([
      {
        method: "POST",
        path: "rksv/startbeleg",
        body: { kassenId: "KASSE-1", einrichtung: { art: "software" } },
      },
    ]);
    expect(await screen.findByText("Startbeleg erstellt")).toBeTruthy();
  });

  it("a circle without RKSV is explained with a link to the invoice circles; a started one is a toast", async () => {
    let antwort = problem(400, "error.validation", [{ field: "rechnungskreisId", code: "invalid" }]);
    fakeApi(() => antwort);
    await zeigen(<RksvStartForm onGestartet={() => undefined} />);
    fireEvent.change(kassenId(), { target: { value: "K1" } });
    absenden();
    const hinweis = await screen.findByRole("alert");
    expect(hinweis.textContent).toContain("Beim Rechnungskreis ist RKSV nicht eingeschaltet.");
    expect(
      within(hinweis).getByRole("link", { name: "Zu den Rechnungskreisen" }).getAttribute("href"),
    ).toMatch(/^\/rechnungskreise_list\/?$/);
    antwort = problem(409, "error.rksvGestartet");
    fireEvent.change(kassenId(), { target: { value: "K2" } });
    absenden();
    expect(
      await screen.findByText(
        "Für diesen Rechnungskreis ist schon eine Registrierkasse gestartet, oder die Kassen-ID ist vergeben.",
      ),
    ).toBeTruthy();
    expect(kassenId()).toHaveProperty("value", "K2");
  });
});

describe("status card", { timeout: 30_000 }, () => {
  const angabe = (label: string) =>
    screen.getByText(label, { selector: "dt" }).nextElementSibling?.textContent ?? null;

  it("shows circle, device, ZDA, serial, receipts, counter and the last receipt; no alerts while all is well", async () => {
    await zeigen(<RksvKasseKarte kasse={kasse()} />);
    const karte = screen.getByRole("region", { name: "Kasse KASSE-1" });
    expect(within(karte).getByText("In Betrieb")).toBeTruthy();
    expect(angabe("Rechnungskreis")).toBe("Kasse Wien");
    expect(angabe("Signaturerstellungseinheit")).toBe("Software-Schlüssel");
    expect(angabe("ZDA")).toBe("AT0");
    expect(angabe("Zertifikat-Seriennummer")).toBe("U:ATU13585627-1A2B");
    expect(angabe("Belege bisher")).toBe("4");
    expect(angabe("Umsatzzähler")).toBe("1.234,50 €");
    expect(angabe("Letzter Beleg")).toBe("Nr. 4 · 2026-00003 · Storno · 26.11.2026 09:15");
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.queryByText("Jahresbeleg prüfen")).toBeNull();
    // Without admin actions: no null receipt, no registration data.
    expect(screen.queryByRole("button", { name: "Nullbeleg erstellen" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Registrierungsdaten anzeigen" })).toBeNull();
  });

  it("a failing device is a red alert with the time since; a yearly receipt to check a yellow one", async () => {
    const seit = new Date(2026, 10, 25, 14, 30).toISOString();
    await zeigen(
      <RksvKasseKarte
        kasse={kasse({
          ausgefallenSeit: seit,
          jahresbelegZuPruefen: true,
          einrichtungArt: "atrust",
          letzterBeleg: { ...kasse().letzterBeleg!, typ: "NULL", zweck: "JAHRESBELEG" },
        })}
      />,
    );
    const alarm = screen.getByRole("alert", { name: "Signaturerstellungseinheit ausgefallen" });
    expect(alarm.textContent).toContain("seit 25.11.2026 14:30 ausgefallen");
    expect(alarm.getAttribute("style")).toContain("red");
    expect(screen.getByText("Ausgefallen")).toBeTruthy();
    // Without admin actions, the reminder cannot be acknowledged here.
    expect(screen.queryByRole("button", { name: "Jahresbeleg geprüft" })).toBeNull();
    const jahresbeleg = screen.getByRole("alert", { name: "Jahresbeleg prüfen" });
    expect(jahresbeleg.getAttribute("style")).toContain("yellow");
    expect(angabe("Signaturerstellungseinheit")).toBe("A-Trust a.sign RK Online");
    expect(angabe("Letzter Beleg")).toContain("· Jahresbeleg ·");
  });

  it("admins create a null receipt of the chosen purpose and open the registration data", async () => {
    const onNullbeleg = vi.fn(async () => undefined);
    const onRegistrierung = vi.fn();
    const onJahresbelegGeprueft = vi.fn(async () => undefined);
    await zeigen(
      <RksvKasseKarte
        kasse={kasse({ jahresbelegZuPruefen: true })}
        aktionen={{ onNullbeleg, onRegistrierung, onJahresbelegGeprueft }}
      />,
    );
    fireEvent.click(screen.getByRole("button", { name: "Nullbeleg erstellen" }));
    await waitFor(() => expect(onNullbeleg).toHaveBeenCalledWith("KONTROLLBELEG"));
    fireEvent.click(screen.getByRole("button", { name: "Registrierungsdaten anzeigen" }));
    expect(onRegistrierung).toHaveBeenCalled();
    fireEvent.click(screen.getByRole("button", { name: "Jahresbeleg geprüft" }));
    await waitFor(() => expect(onJahresbelegGeprueft).toHaveBeenCalled());
  });
});

const zeile = (nr: number, teil: Partial<TRksvBelegZeile> = {}): TRksvBelegZeile => ({
  nr,
  kassenId: "KASSE-1",
  belegNummer: `2026-0000${nr}`,
  typ: "STANDARD",
  zweck: null,
  zeitpunkt: `2026-11-26T09:0${nr}:00`,
  betraege: { normal: 0, ermaessigt1: 0, ermaessigt2: 0, null: 0, besonders: 0 },
  summe: 10,
  umsatzzaehler: 10 * nr,
  ausgefallen: false,
  beleg: { id: 40 + nr, belegNummer: `2026-0000${nr}` },
  qr: "_R1-AT0_…",
  ...teil,
});

describe("the /rksv screen", { timeout: 30_000 }, () => {
  it("without a register: what RKSV is, the link to the circles, and the start form for admins only", async () => {
    fakeApi((call) => (call.path === "rksv/kasse" ? { status: 200, body: [] } : undefined));
    await zeigen(<RksvScreen />);
    expect(screen.getByRole("heading", { level: 1, name: "RKSV — Registrierkasse" })).toBeTruthy();
    await screen.findByRole("heading", { name: "Noch keine Registrierkasse in Betrieb" });
    expect(screen.getByRole("link", { name: "Zu den Rechnungskreisen" }).getAttribute("href")).toMatch(
      /^\/rechnungskreise_list\/?$/,
    );
    expect(await screen.findByRole("button", { name: "Startbeleg erstellen" })).toBeTruthy();

    cleanup();
    await zeigen(<RksvScreen />, ["ROLE_USER"]);
    await screen.findByText("Den Startbeleg erstellt ein Administrator des Mandanten.");
    expect(screen.queryByRole("button", { name: "Startbeleg erstellen" })).toBeNull();
  });

  it("after the start: the registration data with copy buttons, then the register's card", async () => {
    let kassen: TRksvKasse[] = [];
    fakeApi((call) => {
      if (call.path === "rksv/kasse") return { status: 200, body: kassen };
      if (call.path === "rksv/startbeleg") {
        kassen = [kasse({ belegAnzahl: 1, umsatzzaehler: 0 })];
        return { status: 200, body: { kasse: kassen[0], registrierung } };
      }
      if (call.path.startsWith("rksv/sjournal")) return { status: 200, body: [zeile(1, { typ: "START" })] };
      return undefined;
    });
    await zeigen(<RksvScreen />);
    fireEvent.change(await screen.findByRole("textbox", { name: /^Kassen-ID/ }), {
      target: { value: "KASSE-1" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Startbeleg erstellen" }));
    const daten = await screen.findByRole("region", { name: "Registrierungsdaten für FinanzOnline" });
    expect(within(daten).getByTestId("rksv-aesSchluessel").textContent).toBe(registrierung.aesSchluessel);
    expect(within(daten).getByTestId("rksv-pruefwert").textContent).toBe("3e5Z");
    expect(within(daten).getByRole("button", { name: "AES-Schlüssel kopieren" })).toBeTruthy();
    expect(within(daten).getByText(/innerhalb einer Woche in FinanzOnline an/)).toBeTruthy();
    expect(await screen.findByRole("region", { name: "Kasse KASSE-1" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Startbeleg erstellen" })).toBeNull();
  });

  it("with a register: the journal from the chosen day, links to the documents; an empty DEP is the SPEC's toast", async () => {
    const calls = fakeApi((call) => {
      if (call.path === "rksv/kasse") return { status: 200, body: [kasse()] };
      if (call.path.startsWith("rksv/sjournal?from=2026-11-01"))
        return {
          status: 200,
          body: [
            zeile(1, { typ: "START", beleg: null, summe: 0, umsatzzaehler: 0 }),
            zeile(2),
            zeile(3, { ausgefallen: true }),
            zeile(4, { typ: "STORNO", summe: -10, umsatzzaehler: 20 }),
          ],
        };
      if (call.path.startsWith("rksv/sjournal")) return problem(404, "error.rksvKeinJournal");
      if (call.path.startsWith("rksv/dep")) return problem(404, "error.rksvKeinDep");
      return undefined;
    });
    await zeigen(<RksvScreen />, ["ROLE_USER"]);
    const ab = await screen.findByRole("textbox", { name: /^Ab Datum/ });
    fireEvent.change(ab, { target: { value: "01.11.2026" } });
    const tabelle = await screen.findByTestId("rksv-journal");
    await waitFor(() => expect(within(tabelle).getAllByRole("row")).toHaveLength(5));
    const zeilen = within(tabelle).getAllByRole("row").slice(1);
    expect(within(zeilen[0]!).getByText("Startbeleg")).toBeTruthy();
    expect(
      within(zeilen[1]!).getByRole("link", { name: "Dokument 2026-00002 öffnen" }).getAttribute("href"),
    ).toBe("/beleg/42/edit/true/false");
    expect(within(zeilen[2]!).getByTestId("rksv-ausgefallen")).toBeTruthy();
    expect(zeilen[3]!.textContent).toContain("-10,00 €");
    // Users see no admin actions and no container.
    expect(screen.queryByRole("button", { name: "Kryptomaterial (Container)" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Nullbeleg erstellen" })).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "DEP exportieren" }));
    expect(await screen.findByText("Keine DEP-Daten vorhanden!")).toBeTruthy();
    expect(calls.some((c) => c.path === "rksv/dep?from=2026-11-01&kasseId=3")).toBe(true);

    fireEvent.change(ab, { target: { value: "01.01.2099" } });
    expect(await screen.findAllByText("Keine JOURNAL-Daten vorhanden!")).not.toHaveLength(0);
  });
});
