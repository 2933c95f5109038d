import type {
  TArbeitszeit,
  TArbeitszeitMonat,
  TArbeitszeitTag,
  TMitarbeiter,
  TTeamZeile,
} from "@kontor/domain/arbeitszeit/arbeitszeit.schema";
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
import { session } from "../../app/session.ts";
import { aufraeumen, initTestI18n } from "../../test/komponententest.ts";
import { accountKeys } from "../account/account.queries.ts";
import { mandantModulesKeys } from "../mandant/mandantModules.api.ts";
import { ArbeitszeitMonat } from "./ArbeitszeitMonat.tsx";
import { ArbeitszeitTeam, teamSortiert } from "./ArbeitszeitTeam.tsx";
import { monatName, monatPlus, monatSuche, reportPfad } from "./arbeitszeit.api.ts";
import { EintragDialog, uhrzeitNormal } from "./EintragDialog.tsx";
import { MitarbeiterDialog } from "./MitarbeiterDialog.tsx";

beforeAll(() => initTestI18n(["common", "crud", "errors", "validation", "arbeitszeit"]));

afterEach(async () => {
  aufraeumen();
  await i18next.changeLanguage("de");
});

describe("helpers", () => {
  it("months step over the year; names and days in both languages", () => {
    expect(monatPlus("2026-12", 1)).toBe("2027-01");
    expect(monatPlus("2026-01", -1)).toBe("2025-12");
    expect(monatPlus("2026-03", -14)).toBe("2025-01");
    expect(monatName("2026-01", "de")).toBe("Jänner 2026");
    expect(monatName("2026-11", "en")).toBe("November 2026");
  });
  it("times typed on a keypad are made whole; others stay for the schema to refuse", () => {
    expect(uhrzeitNormal("8")).toBe("08:00");
    expect(uhrzeitNormal("815")).toBe("08:15");
    expect(uhrzeitNormal("8:05")).toBe("08:05");
    expect(uhrzeitNormal("16.30")).toBe("16:30");
    expect(uhrzeitNormal("8:5")).toBe("8:5");
    expect(uhrzeitNormal(" abc ")).toBe("abc");
  });
  it("the URL's userId and month are checked; report paths name month, format, language and whom", () => {
    expect(monatSuche({ userId: 5, monat: "2026-11" })).toEqual({ userId: 5, monat: "2026-11" });
    expect(monatSuche({ userId: "x", monat: "2026-13" })).toEqual({ userId: null, monat: null });
    expect(reportPfad("pdf", "2026-11", "de", { userId: 5 })).toBe(
      "zeiterfassungreport?monat=2026-11&format=pdf&lang=de&userId=5",
    );
    expect(reportPfad("xlsx", "2026-11", "en", { team: true })).toBe(
      "zeiterfassungreport?monat=2026-11&format=xlsx&lang=en&team=true",
    );
  });
});

interface Call {
  method: string;
  path: string;
  body: unknown;
}

let rollen: string[] = [];

/** The API behind the real client (fetch stubbed): `antwort` answers by method and path (with query). */
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
        return Response.json({ id: 5, login: "max", authorities: rollen, langKey: "de" });
      if (call.path === "getmandantmodule")
        return Response.json({ mandantId: 7, modulList: ["zeiterfassung"] });
      if (call.path === "zeiterfassung/betrieb")
        return Response.json({
          region: "AT",
          pausenAbzug: false,
          confirmTimes: true,
          zeitausgleich: true,
          vacationMode: true,
        });
      calls.push(call);
      const a = antwort(call) ?? { status: 500, body: { status: 500, title: "x", code: "error.unknown" } };
      return new Response(a.status === 204 ? null : JSON.stringify(a.body), {
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

/** Renders `inhalt` at `pfad` inside router, query client and Mantine; signed in with `authorities` in tenant 7. */
async function zeigen(
  inhalt: ReactNode,
  pfad: string,
  authorities: string[] = ["ROLE_ARBEITSZEITERFASSUNG"],
) {
  rollen = authorities;
  session.signIn("token");
  session.selectMandant(7);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(accountKeys.current, { id: 5, login: "max", authorities: rollen } as never);
  queryClient.setQueryData(mandantModulesKeys.of(7), ["zeiterfassung"] as never);
  const root = createRootRoute({ component: Outlet });
  const segment = pfad.split("?")[0]?.replace(/^\//, "") ?? "";
  const router = createRouter({
    routeTree: root.addChildren([
      createRoute({
        getParentRoute: () => root,
        path: segment,
        component: () => <div data-testid="inhalt">{inhalt}</div>,
      }),
      createRoute({ getParentRoute: () => root, path: "$", component: () => <p>anderswo</p> }),
    ]),
    history: createMemoryHistory({ initialEntries: [pfad] }),
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

const eintrag = (teil: Partial<TArbeitszeit> = {}): TArbeitszeit => ({
  id: 1,
  userId: 5,
  datum: "2026-11-02",
  von: "2026-11-02T07:00:00.000Z",
  bis: "2026-11-02T11:00:00.000Z",
  vonZeit: "08:00",
  bisZeit: "12:00",
  minuten: 240,
  beschreibung: "Buchhaltung",
  homeoffice: false,
  korrektur: false,
  erfasstAm: "2026-11-02T11:00:00.000Z",
  erfasstVon: "max",
  ...teil,
});

function tag(datum: string, teil: Partial<TArbeitszeitTag> = {}): TArbeitszeitTag {
  const wochenende = [0, 6].includes(new Date(`${datum}T12:00:00Z`).getUTCDay());
  const soll = teil.soll ?? (wochenende ? 0 : 480);
  const ist = teil.ist ?? 0;
  return {
    datum,
    soll,
    brutto: ist,
    pause: 0,
    pausePflicht: 0,
    abzug: 0,
    netto: ist,
    gutschrift: 0,
    ist,
    saldo: ist - soll,
    feiertag: null,
    abwesenheiten: [],
    eintraege: [],
    hinweise: [],
    ...teil,
  };
}

function november(teil: Partial<TArbeitszeitMonat> = {}): TArbeitszeitMonat {
  const tage = Array.from({ length: 30 }, (_, i) => `2026-11-${String(i + 1).padStart(2, "0")}`).map(
    (datum) => {
      if (datum === "2026-11-01")
        return tag(datum, { soll: 0, feiertag: { bezeichnung: "Allerheiligen", halbtag: false } });
      if (datum === "2026-11-02")
        return tag(datum, {
          ist: 510,
          eintraege: [
            eintrag(),
            eintrag({ id: 2, vonZeit: "12:30", bisZeit: "17:00", beschreibung: null, homeoffice: true }),
          ],
        });
      if (datum === "2026-11-03")
        return tag(datum, {
          ist: 480,
          gutschrift: 480,
          abwesenheiten: [{ id: 9, art: "urlaub", halbtag: false, status: "genehmigt" }],
        });
      if (datum === "2026-11-04")
        return tag(datum, {
          ist: 420,
          hinweise: ["pauseFehlt"],
          eintraege: [eintrag({ id: 3, datum, vonZeit: "07:00", bisZeit: "14:00", korrektur: true })],
        });
      return tag(datum);
    },
  );
  return {
    userId: 5,
    name: "Muster Max",
    monat: "2026-11",
    status: "offen",
    kommentar: null,
    tage,
    summe: { bis: "2026-11-30", soll: 10080, ist: 1410, saldo: -8670, homeofficeTage: 1 },
    ueberstunden: { vormonat: 75, stand: -8595, deadline: null },
    urlaub: { jahr: 2026, anspruch: 25, genommen: 1, beantragt: 2.5, rest: 24 },
    laufend: null,
    aenderbar: true,
    historie: [],
    ...teil,
  };
}

const karte = (name: string) => within(screen.getByRole("group", { name })).getByTestId("arbeitszeit-karte");

describe("the month", { timeout: 30_000 }, () => {
  it("shows the days, records, holiday, absence, flags and the sums in h:mm (de)", async () => {
    const calls = fakeApi((c) =>
      c.path.startsWith("zeiterfassung/monat?") ? { status: 200, body: november() } : undefined,
    );
    await zeigen(<ArbeitszeitMonat />, "/zeiterfassung?monat=2026-11");
    expect(await screen.findByText("November 2026")).toBeTruthy();
    await screen.findByTestId("tag-2026-11-02");
    expect(calls[0]?.path).toBe("zeiterfassung/monat?monat=2026-11");
    expect(karte("Soll").textContent).toBe("168:00");
    expect(karte("Ist").textContent).toBe("23:30");
    expect(karte("Saldo Monat").textContent).toBe("−144:30");
    expect(karte("Überstunden").textContent).toBe("−143:15");
    expect(screen.getByText("Vormonat: +1:15")).toBeTruthy();
    expect(karte("Resturlaub 2026").textContent).toBe("24 Tage");
    expect(screen.getByText("Anspruch 25 · genommen 1 · beantragt 2,5")).toBeTruthy();
    const montag = screen.getByTestId("tag-2026-11-02");
    expect(montag.textContent).toContain("Mo 02.11.");
    expect(montag.textContent).toContain("08:00–12:00 · Buchhaltung");
    expect(montag.textContent).toContain("12:30–17:00 · Homeoffice");
    expect(montag.textContent).toContain("8:30");
    expect(montag.textContent).toContain("+0:30");
    expect(screen.getByTestId("tag-2026-11-01").textContent).toContain("Allerheiligen");
    expect(screen.getByTestId("tag-2026-11-03").textContent).toContain("Urlaub");
    const mittwoch = screen.getByTestId("tag-2026-11-04");
    expect(mittwoch.textContent).toContain("Pause fehlt");
    expect(mittwoch.textContent).toContain("korrigiert");
    expect(mittwoch.textContent).toContain("−1:00");
    expect(screen.getByRole("button", { name: "Kommen" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Monat einreichen" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Genehmigen" })).toBeNull();
  });

  it("reads in English: words, dates and month name; durations stay h:mm", async () => {
    await i18next.changeLanguage("en");
    fakeApi((c) =>
      c.path.startsWith("zeiterfassung/monat?") ? { status: 200, body: november() } : undefined,
    );
    await zeigen(<ArbeitszeitMonat />, "/zeiterfassung?monat=2026-11");
    await screen.findByTestId("tag-2026-11-02");
    expect(screen.getByText("November 2026")).toBeTruthy();
    expect(karte("Target").textContent).toBe("168:00");
    expect(karte("Month balance").textContent).toBe("−144:30");
    expect(karte("Vacation left 2026").textContent).toBe("24 days");
    expect(screen.getByText("Entitlement 25 · taken 1 · requested 2.5")).toBeTruthy();
    expect(screen.getByTestId("tag-2026-11-02").textContent).toContain("Mon 02/11");
    expect(screen.getByTestId("tag-2026-11-04").textContent).toContain("Break missing");
    expect(screen.getByRole("button", { name: "Clock in" })).toBeTruthy();
  });

  it("Kommen posts the clock-in; while running the button is Gehen with 'läuft seit'", async () => {
    let laufend: TArbeitszeit | null = null;
    const calls = fakeApi((c) => {
      if (c.path.startsWith("zeiterfassung/monat?")) return { status: 200, body: november({ laufend }) };
      if (c.path === "zeiterfassung/kommen") {
        laufend = eintrag({ id: 7, datum: "2026-11-26", vonZeit: "08:02", bisZeit: null, bis: null });
        return { status: 200, body: laufend };
      }
      if (c.path === "zeiterfassung/gehen") {
        const fertig = { ...(laufend as TArbeitszeit), bis: "x", bisZeit: "16:30" };
        laufend = null;
        return { status: 200, body: fertig };
      }
      return undefined;
    });
    await zeigen(<ArbeitszeitMonat />, "/zeiterfassung?monat=2026-11");
    fireEvent.click(await screen.findByRole("button", { name: "Kommen" }));
    expect(await screen.findByText("Gekommen um 08:02")).toBeTruthy();
    const gehen = await screen.findByRole("button", { name: "Gehen" });
    expect(screen.getByTestId("arbeitszeit-laeuft").textContent).toMatch(
      /^läuft seit (26\.11\.2026 )?08:02$/,
    );
    fireEvent.click(gehen);
    expect(await screen.findByText("Gegangen um 16:30")).toBeTruthy();
    await screen.findByRole("button", { name: "Kommen" });
    expect(calls.filter((c) => c.method === "POST").map((c) => c.path)).toEqual([
      "zeiterfassung/kommen",
      "zeiterfassung/gehen",
    ]);
  });

  it("a closed month hides every change button and says why; admins may reopen it", async () => {
    fakeApi((c) =>
      c.path.startsWith("zeiterfassung/monat?")
        ? { status: 200, body: november({ status: "genehmigt", aenderbar: false }) }
        : c.path === "zem_settings"
          ? { status: 200, body: [] }
          : undefined,
    );
    await zeigen(<ArbeitszeitMonat />, "/zeiterfassung?monat=2026-11", ["ROLE_ARBEITSZEITERFASSUNG_ADMIN"]);
    expect(await screen.findByTestId("arbeitszeit-gesperrt")).toBeTruthy();
    expect(screen.getByText(/genehmigt und abgeschlossen/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: /erfassen$/ })).toBeNull();
    expect(screen.queryByRole("button", { name: "Eintrag korrigieren" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Abwesenheit eintragen" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Monat einreichen" })).toBeNull();
    expect(screen.getByRole("button", { name: "Wieder öffnen" })).toBeTruthy();
  });
});

describe("record dialog", { timeout: 30_000 }, () => {
  it("a refused overlap shows at 'von' and keeps what was typed", async () => {
    const calls = fakeApi((c) =>
      c.method === "PUT" && c.path === "zeiterfassung"
        ? problem(409, "error.zeitUeberschneidung", [{ field: "von", code: "overlap" }])
        : undefined,
    );
    const onClose = vi.fn();
    await zeigen(
      <EintragDialog datum="2026-11-02" onClose={onClose} onGespeichert={() => undefined} />,
      "/zeiterfassung",
    );
    const d = await screen.findByRole("dialog", { name: /Arbeitszeit erfassen|Eintrag korrigieren/ });
    const von = within(d).getByRole("textbox", { name: /^Von/ });
    const bis = within(d).getByRole("textbox", { name: /^Bis/ });
    fireEvent.change(von, { target: { value: "0900" } });
    fireEvent.blur(von);
    fireEvent.change(bis, { target: { value: "11:30" } });
    fireEvent.change(within(d).getByRole("textbox", { name: "Beschreibung" }), {
      target: { value: "Kunde A" },
    });
    const speichern = within(d).getByRole("button", { name: "Speichern" }) as HTMLButtonElement;
    await waitFor(() => expect(speichern.disabled).toBe(false));
    fireEvent.click(speichern);
    expect(await within(d).findByText("Überschneidet sich mit einem anderen Eintrag.")).toBeTruthy();
    expect((von as HTMLInputElement).value).toBe("09:00");
    expect(von.getAttribute("aria-invalid")).toBe("true");
    expect((within(d).getByRole("textbox", { name: "Beschreibung" }) as HTMLInputElement).value).toBe(
      "Kunde A",
    );
    expect(onClose).not.toHaveBeenCalled();
    expect(calls.filter((c) => c.method === "PUT").map((c) => c.body)).toEqual([
      {
        datum: "2026-11-02",
        von: "09:00",
        bis: "11:30",
        beschreibung: "Kunde A",
        homeoffice: false,
        grund: null,
      },
    ]);
  });

  it("the end before the start is refused at 'bis' before anything is sent; a past day asks for a reason", async () => {
    const calls = fakeApi(() => undefined);
    await zeigen(
      <EintragDialog datum="2020-01-02" onClose={() => undefined} onGespeichert={() => undefined} />,
      "/zeiterfassung",
    );
    const d = await screen.findByRole("dialog");
    expect(within(d).getByRole("textbox", { name: "Grund der Korrektur" })).toBeTruthy();
    expect(d.textContent).toContain("in der Historie aufbewahrt");
    fireEvent.change(within(d).getByRole("textbox", { name: /^Von/ }), { target: { value: "12:00" } });
    const bis = within(d).getByRole("textbox", { name: /^Bis/ });
    fireEvent.change(bis, { target: { value: "11:00" } });
    fireEvent.blur(bis);
    expect(await within(d).findByText("Das Ende muss nach dem Beginn liegen.")).toBeTruthy();
    expect((within(d).getByRole("button", { name: "Speichern" }) as HTMLButtonElement).disabled).toBe(true);
    expect(calls).toEqual([]);
  });
});

describe("settings dialog", { timeout: 30_000 }, () => {
  const mitarbeiter: TMitarbeiter = {
    id: 8,
    firstName: "Eva",
    lastName: "Berger",
    login: "eva",
    admin: false,
    zeiterfassungUserData: null,
  };
  it("weekly hours are required, too many decimals refused; the PUT carries what the form shows", async () => {
    const calls = fakeApi((c) =>
      c.method === "PUT"
        ? { status: 200, body: { ...mitarbeiter, zeiterfassungUserData: c.body } }
        : undefined,
    );
    const onClose = vi.fn();
    await zeigen(
      <MitarbeiterDialog mitarbeiter={mitarbeiter} onClose={onClose} onGespeichert={() => undefined} />,
      "/zem_settings_list",
      ["ROLE_ARBEITSZEITERFASSUNG_ADMIN"],
    );
    const d = await screen.findByRole("dialog", { name: "Arbeitszeit von Berger Eva" });
    const speichern = within(d).getByRole("button", { name: "Speichern" }) as HTMLButtonElement;
    const hint = await within(d).findByText(/fehlt oder ist ungültig:/);
    await waitFor(() => expect(hint.textContent).toContain("Wochenstunden"));
    expect(speichern.disabled).toBe(true);
    const woche = within(d).getByRole("textbox", { name: /^Wochenstunden/ });
    fireEvent.change(woche, { target: { value: "38,555" } });
    expect(await within(d).findByText(/Nachkommastellen|decimal/)).toBeTruthy();
    fireEvent.change(woche, { target: { value: "38,5" } });
    fireEvent.blur(woche);
    fireEvent.change(within(d).getByRole("textbox", { name: "Fr" }), { target: { value: "6" } });
    await waitFor(() => expect(speichern.disabled).toBe(false));
    expect(d.textContent).toContain("Leer = Wochenstunden / 5 (derzeit 7,7 Stunden).");
    fireEvent.click(speichern);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.filter((c) => c.method === "PUT")).toEqual([
      {
        method: "PUT",
        path: "zem_settings/8",
        body: expect.objectContaining({
          workhours: 38.5,
          workhoursMon: null,
          workhoursFri: 6,
          urlaubsanspruchjahr: 25,
          eintrittsdatum: null,
          part_time: false,
        }),
      },
    ]);
  });
});

describe("team view", { timeout: 30_000 }, () => {
  const zeile = (teil: Partial<TTeamZeile>): TTeamZeile => ({
    id: 1,
    firstName: null,
    lastName: null,
    login: "x",
    soll: 9600,
    ist: 9700,
    saldoMonat: 100,
    ueberstunden: 100,
    deadlineUeberschritten: false,
    urlaubRest: 20,
    status: "offen",
    offeneAntraege: 0,
    hinweise: 0,
    abwesenheitTage: { urlaub: 0, zeitausgleich: 0, krank: 0, sonstiges: 0 },
    ...teil,
  });
  const zeilen = [
    zeile({
      id: 3,
      firstName: "Zoe",
      lastName: "Zach",
      login: "zoe",
      status: "eingereicht",
      offeneAntraege: 2,
    }),
    zeile({
      id: 2,
      firstName: "Ärger",
      lastName: "Özdemir",
      login: "oez",
      ueberstunden: 2430,
      deadlineUeberschritten: true,
      hinweise: 3,
      saldoMonat: -75,
    }),
    zeile({ id: 4, login: "anna", urlaubRest: 12.5 }),
  ];

  it("sorts by name in German order, shows the figures and opens the employee's month", async () => {
    expect(teamSortiert(zeilen, "asc").map((z) => z.login)).toEqual(["anna", "oez", "zoe"]);
    const calls = fakeApi((c) =>
      c.path.startsWith("zeiterfassung/mitarbeiter?")
        ? { status: 200, body: zeilen }
        : c.path.startsWith("abwesenheit?")
          ? {
              status: 200,
              body: [
                {
                  id: 11,
                  userId: 3,
                  art: "urlaub",
                  von: "2026-12-21",
                  bis: "2026-12-23",
                  halbtag: false,
                  tage: 3,
                  status: "beantragt",
                  kommentar: null,
                  entscheidung: null,
                  erfasstAm: "x",
                },
              ],
            }
          : c.path === "abwesenheit/11/genehmigen"
            ? { status: 200, body: {} }
            : undefined,
    );
    const router = await zeigen(<ArbeitszeitTeam />, "/zeiterfassung_mitarbeiter", [
      "ROLE_ARBEITSZEITERFASSUNG_ADMIN",
    ]);
    const rows = await screen.findAllByTestId("team-zeile");
    expect(rows.map((r) => r.querySelector("button")?.textContent)).toEqual([
      "anna",
      "Özdemir Ärger",
      "Zach Zoe",
    ]);
    expect(rows[1]?.textContent).toContain("+40:30 !");
    expect(rows[1]?.textContent).toContain("−1:15");
    expect(rows[0]?.textContent).toContain("12,5");
    expect(rows[2]?.textContent).toContain("Eingereicht");
    const antrag = await screen.findByTestId("antrag");
    expect(antrag.textContent).toContain("Zach Zoe · Urlaub · 21.12.2026–23.12.2026");
    fireEvent.click(within(antrag).getByRole("button", { name: "Genehmigen" }));
    expect(await screen.findByText("Antrag genehmigt")).toBeTruthy();
    expect(calls.some((c) => c.method === "POST" && c.path === "abwesenheit/11/genehmigen")).toBe(true);

    fireEvent.click(screen.getByRole("button", { name: /Mitarbeiter/ }));
    await waitFor(() =>
      expect(screen.getAllByTestId("team-zeile")[0]?.querySelector("button")?.textContent).toBe("Zach Zoe"),
    );
    fireEvent.click(screen.getAllByTestId("team-zeile")[0] as HTMLElement);
    await waitFor(() => expect(router.state.location.pathname).toBe("/zeiterfassung"));
    expect(router.state.location.search).toMatchObject({ userId: 3 });
    expect(String((router.state.location.search as { monat?: unknown }).monat)).toMatch(/^\d{4}-\d{2}$/);
  });
});
