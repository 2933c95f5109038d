import { MantineProvider } from "@mantine/core";
import { Notifications } from "@mantine/notifications";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import i18next from "i18next";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../app/api.ts";
import { session } from "../../app/session.ts";
import { aufraeumen, initTestI18n } from "../../test/komponententest.ts";
import { KassabuchAbschlussDialog } from "./KassabuchAbschlussDialog.tsx";
import { KassabuchEintragDialog } from "./KassabuchEintragDialog.tsx";
import { KassabuchKorrekturDialog } from "./KassabuchKorrekturDialog.tsx";
import { exportGrenze, exportPfad, korrigierbar, zeitraumTage, zeitraumVon } from "./kassabuch.api.ts";

beforeAll(() => initTestI18n(["common", "crud", "errors", "validation", "kassabuch", "kundesuche"]));

afterEach(aufraeumen);

describe("export refused", () => {
  it("a period beyond the export's cap (400 at von, code max) reads as such in both languages", () => {
    const zuViele = new ApiError({
      status: 400,
      code: "error.validation",
      fieldErrors: [{ field: "von", code: "max", max: 5000 }],
    });
    expect(exportGrenze(zuViele)).toBe(5000);
    expect(exportGrenze(new ApiError({ status: 400, code: "error.validation" }))).toBeNull();
    expect(exportGrenze(new ApiError({ status: 403, code: "error.forbidden" }))).toBeNull();
    expect(exportGrenze(new Error("offline"))).toBeNull();
    expect(i18next.t("kassabuch:toast.exportZuViele", { max: 5000 })).toBe(
      "Der Zeitraum hat zu viele Einträge für diesen Export: höchstens 5000. Bitte wählen Sie einen kürzeren Zeitraum.",
    );
    expect(i18next.t("kassabuch:toast.exportZuViele", { max: 5000, lng: "en" })).toBe(
      "The period has too many entries for this export: at most 5000. Please choose a shorter period.",
    );
  });
});

describe("periods", () => {
  it.each([
    ["dieserMonat", "2026-02-14", "2026-02-01", "2026-02-28"],
    ["letzterMonat", "2026-01-10", "2025-12-01", "2025-12-31"],
    ["diesesJahr", "2026-07-01", "2026-01-01", "2026-12-31"],
    ["alles", "2026-07-01", "", ""],
  ] as const)("%s seen from %s is %s – %s, and is recognised again", (zeitraum, heute, von, bis) => {
    expect(zeitraumTage(zeitraum, heute)).toEqual({ von, bis });
    expect(zeitraumVon({ von, bis }, heute)).toBe(zeitraum);
  });
  it("a period typed by hand is no preset; the export names period and language", () => {
    expect(zeitraumVon({ von: "2026-02-02", bis: "2026-02-28" }, "2026-02-14")).toBeNull();
    expect(exportPfad("csv", { von: "2026-02-01", bis: "" }, "en-US")).toBe(
      "kassabuch/export?format=csv&lang=de&von=2026-02-01",
    );
    expect(exportPfad("pdf", { von: "", bis: "" }, "en")).toBe("kassabuch/export?format=pdf&lang=en");
  });
  it("only a plain entry can be corrected by hand", () => {
    const e = { beleg: null, korrekturVon: null, korrigiertDurch: null } as never;
    expect(korrigierbar(e)).toBe(true);
    expect(korrigierbar({ ...(e as object), korrigiertDurch: 3 } as never)).toBe(false);
    expect(korrigierbar({ ...(e as object), beleg: { id: 1, belegNummer: "1" } } as never)).toBe(false);
  });
});

interface Call {
  method: string;
  path: string;
  body: unknown;
}

/** The API behind the real client (fetch stubbed); PUT kassabuch (and the POSTs) answer what `buchen` says. */
function fakeApi(buchen: (body: unknown) => { status: number; body: unknown }) {
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
      const answer =
        (call.path === "kassabuch" && call.method === "PUT") || call.method === "POST"
          ? buchen(call.body)
          : call.path === "mehrwertssteuers/all"
            ? { status: 200, body: [{ id: 4, mwst: 20, defaultMwst: true, land: "AT" }] }
            : call.path === "account"
              ? { status: 200, body: { login: "kasse", authorities: ["ROLE_KASSABUCH"] } }
              : { status: 200, body: [] };
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { "content-type": answer.status >= 400 ? "application/problem+json" : "application/json" },
      });
    }),
  );
  return calls;
}

function renderDialog() {
  session.signIn("token");
  session.selectMandant(7);
  const onClose = vi.fn();
  const onGebucht = vi.fn();
  render(
    <MantineProvider env="test">
      <Notifications />
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <KassabuchEintragDialog kassenstand={50} onClose={onClose} onGebucht={onGebucht} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { onClose, onGebucht };
}

const dialog = () => screen.findByRole("dialog", { name: "Neuer Eintrag" });

describe("Neuer Eintrag", { timeout: 30_000 }, () => {
  it("an expense beyond the cash balance: the message at the amount, everything typed kept", async () => {
    const calls = fakeApi(() => ({
      status: 409,
      body: {
        status: 409,
        title: "Conflict",
        code: "error.cashBalanceExceeded",
        fieldErrors: [{ field: "betrag", code: "cashBalanceExceeded", max: 50 }],
      },
    }));
    const { onClose } = renderDialog();
    const d = await dialog();
    expect(within(d).getByText("Kassenstand heute: 50,00 €")).toBeTruthy();
    const betrag = within(d).getByRole("textbox", { name: /^Betrag/ });
    fireEvent.change(betrag, { target: { value: "60" } });
    fireEvent.change(within(d).getByRole("textbox", { name: /^Text/ }), { target: { value: "Reparatur" } });
    fireEvent.click(within(d).getByRole("button", { name: "Buchen" }));

    expect(await within(d).findByText("Ausgabe übersteigt den Kassenstand!")).toBeTruthy();
    expect(within(d).getByText("Höchstens 50,00 € möglich.")).toBeTruthy();
    expect((within(d).getByRole("textbox", { name: /^Text/ }) as HTMLInputElement).value).toBe("Reparatur");
    expect(onClose).not.toHaveBeenCalled();
    expect(calls.filter((c) => c.method === "PUT").map((c) => c.body)).toEqual([
      {
        date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        typ: "ausgabe",
        betrag: 60,
        text: "Reparatur",
        belegnummer: null,
        kontonummer: null,
        lieferant: null,
        mehrwertssteuer: null,
      },
    ]);
  });

  it("an income with receipt, account and VAT rate is posted: 'Gebucht'", async () => {
    const calls = fakeApi((body) => ({ status: 200, body: { id: 1, ...(body as object) } }));
    const { onClose, onGebucht } = renderDialog();
    const d = await dialog();
    fireEvent.click(within(d).getByText("Einnahme"));
    fireEvent.change(within(d).getByRole("textbox", { name: /^Betrag/ }), { target: { value: "12,50" } });
    fireEvent.change(within(d).getByRole("textbox", { name: /^Text/ }), { target: { value: "Barverkauf" } });
    fireEvent.change(within(d).getByRole("textbox", { name: "Belegnummer" }), { target: { value: "B-7" } });
    fireEvent.click(within(d).getByRole("button", { name: "Buchen" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onGebucht).toHaveBeenCalled();
    expect(calls.filter((c) => c.method === "PUT").map((c) => c.body)).toEqual([
      expect.objectContaining({ typ: "einnahme", betrag: 12.5, text: "Barverkauf", belegnummer: "B-7" }),
    ]);
    expect(await screen.findByText("Gebucht")).toBeTruthy();
  });

  it("without text and amount Buchen is off and names them; the fields say why once left", async () => {
    const calls = fakeApi(() => ({ status: 200, body: {} }));
    renderDialog();
    const d = await dialog();
    const buchen = within(d).getByRole("button", { name: "Buchen" }) as HTMLButtonElement;
    const hint = await within(d).findByText(/Zum Buchen fehlt oder ist ungültig:/);
    await waitFor(() => expect(hint.textContent).toMatch(/Betrag.*Text/));
    expect(buchen.disabled).toBe(true);
    fireEvent.click(buchen);
    const text = within(d).getByRole("textbox", { name: /^Text/ });
    fireEvent.focus(text);
    fireEvent.blur(text);
    fireEvent.click(within(hint).getByRole("button", { name: /^Betrag/ }));
    expect((await within(d).findAllByText("Dieses Feld ist erforderlich.")).length).toBe(2);
    expect(calls.filter((c) => c.method === "PUT")).toEqual([]);
    fireEvent.change(text, { target: { value: "Porto" } });
    fireEvent.change(within(d).getByRole("textbox", { name: /^Betrag/ }), { target: { value: "2" } });
    await waitFor(() => expect(buchen.disabled).toBe(false));
  });
});

function mitProvidern(inhalt: React.ReactNode) {
  session.signIn("token");
  session.selectMandant(7);
  render(
    <MantineProvider env="test">
      <Notifications />
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        {inhalt}
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe("correction and close", { timeout: 30_000 }, () => {
  it("the correction names the counter-entry and posts it to the entry's correction path", async () => {
    const calls = fakeApi(() => ({ status: 200, body: { id: 9 } }));
    const onClose = vi.fn();
    mitProvidern(
      <KassabuchKorrekturDialog
        eintrag={{ id: 4, typ: "ausgabe", betrag: 612, text: "Reparatur" } as never}
        onClose={onClose}
        onGebucht={() => undefined}
      />,
    );
    const d = await screen.findByRole("dialog", { name: "Eintrag #4 korrigieren" });
    expect(d.textContent).toContain("Gegenbuchung (Einnahme über 612,00 €)");
    fireEvent.change(within(d).getByRole("textbox", { name: /^Datum der Gegenbuchung/ }), {
      target: { value: "03.11.2026" },
    });
    fireEvent.click(within(d).getByRole("button", { name: "Gegenbuchung buchen" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.filter((c) => c.method === "POST")).toEqual([
      { method: "POST", path: "kassabuch/4/korrektur", body: { date: "2026-11-03", text: "Reparatur" } },
    ]);
  });

  it("a month close says through which day, and a refusal shows at the day", async () => {
    const calls = fakeApi(() => ({
      status: 409,
      body: {
        status: 409,
        title: "Conflict",
        code: "error.kassabuchClosed",
        fieldErrors: [{ field: "datum", code: "periodClosed" }],
      },
    }));
    const onClose = vi.fn();
    mitProvidern(
      <KassabuchAbschlussDialog
        abgeschlossenBis={null}
        onClose={onClose}
        onAbgeschlossen={() => undefined}
      />,
    );
    const d = await screen.findByRole("dialog", { name: "Zeitraum abschließen" });
    fireEvent.click(within(d).getByText("Einen Monat"));
    fireEvent.change(within(d).getByRole("textbox", { name: /^Ein Tag des Monats/ }), {
      target: { value: "10.02.2028" },
    });
    expect(d.textContent).toContain("bis einschließlich 29.02.2028");
    fireEvent.click(within(d).getByRole("button", { name: "Zeitraum abschließen" }));
    expect(await within(d).findByText("Zeitraum abgeschlossen.")).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    expect(calls.filter((c) => c.method === "POST").map((c) => c.body)).toEqual([
      { art: "monat", datum: "2028-02-10" },
    ]);
  });
});
