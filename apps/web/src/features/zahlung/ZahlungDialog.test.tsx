import { addDays, todayIso } from "@kontor/domain/date/calendar";
import { MantineProvider } from "@mantine/core";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { session } from "../../app/session.ts";
import { initTestI18n } from "../../test/komponententest.ts";
import { type DialogPosten, ZahlungDialog } from "./ZahlungDialog.tsx";

beforeAll(() => initTestI18n(["common", "crud", "errors", "validation", "beleg"]));

afterEach(() => {
  cleanup();
  session.clear();
  vi.unstubAllGlobals();
});

/**
 * POST zahlung behind the real client: records the bodies, answers `antwort`; the customer's open balance (GET
 * unpaidbelegesum) has `guthaben` credit.
 */
function fakeApi(antwort: (body: unknown) => { status: number; body: unknown }, guthaben = 0) {
  const bodies: unknown[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).includes("/unpaidbelegesum/7?kundenId=3"))
        return new Response(JSON.stringify({ openBalance: 0, anzahl: 0, guthaben }), {
          headers: { "content-type": "application/json" },
        });
      const body = typeof init?.body === "string" ? JSON.parse(init.body) : undefined;
      bodies.push(body);
      const a = antwort(body);
      return new Response(JSON.stringify(a.body), {
        status: a.status,
        headers: { "content-type": a.status >= 400 ? "application/problem+json" : "application/json" },
      });
    }),
  );
  return bodies;
}

const heute = todayIso();
const mitSkonto: DialogPosten = {
  id: 11,
  belegNummer: "2026-00011",
  restbetrag: 1200,
  skontoStufen: [{ datum: addDays(heute, 5), prozent: 3, zahlbetrag: 1164, skonto: 36 }],
  kunde: { id: 3 },
};
const ohne: DialogPosten = {
  id: 12,
  belegNummer: "2026-00012",
  restbetrag: 99.99,
  skontoStufen: [],
  kunde: { id: 3 },
};

function renderDialog(posten: DialogPosten[]) {
  session.signIn("token");
  session.selectMandant(7);
  const onGebucht = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MantineProvider env="test">
        <ZahlungDialog posten={posten} onClose={() => undefined} onGebucht={onGebucht} />
      </MantineProvider>
    </QueryClientProvider>,
  );
  return { onGebucht, dialog: screen.getByRole("dialog", { name: "Zahlung erfassen" }) };
}

const betrag = (d: HTMLElement) => within(d).getByRole("textbox", { name: /^Betrag/ }) as HTMLInputElement;
const zeilen = (d: HTMLElement) =>
  within(d)
    .getAllByTestId("verteilung-zeile")
    .map((row) => [...row.querySelectorAll("td")].map((cell) => cell.textContent));

describe("Zahlung erfassen", { timeout: 30_000 }, () => {
  it("prefills what is open, offers the skonto amount and previews the split as the server will do it", async () => {
    const bodies = fakeApi(() => ({ status: 200, body: { id: 1, betrag: 1263.99 } }));
    const { dialog, onGebucht } = renderDialog([mitSkonto, ohne]);
    expect(betrag(dialog).value).toBe("1.299,99");
    expect(within(dialog).getByTestId("skonto-hinweis").textContent).toContain(
      "2026-00011: 3,0 % Skonto bis",
    );
    fireEvent.click(
      within(dialog).getByRole("button", { name: "Betrag mit Skonto übernehmen (1.263,99 €)" }),
    );
    expect(betrag(dialog).value).toBe("1.263,99");
    expect(zeilen(dialog)).toEqual([
      ["2026-00011", "1.200,00 €", "1.164,00 €", "36,00 € (3,0 %)", "0,00 €"],
      ["2026-00012", "99,99 €", "99,99 €", "", "0,00 €"],
    ]);
    fireEvent.click(within(dialog).getByRole("button", { name: "Zahlung speichern" }));
    await waitFor(() => expect(onGebucht).toHaveBeenCalled());
    expect(bodies).toEqual([
      {
        zahlungsDatum: heute,
        betrag: 1263.99,
        zahlungsart: "bank",
        kommentar: null,
        belegSet: [{ id: 11 }, { id: 12 }],
        ueberzahlung: false,
      },
    ]);
  });

  it("saves an amount above what is open only when kept as credit; the server's reasons show with the number", async () => {
    const bodies = fakeApi(() => ({
      status: 400,
      body: {
        status: 400,
        title: "x",
        code: "error.validation",
        fieldErrors: [{ field: "belegSet.0.id", code: "notOpen" }],
      },
    }));
    const { dialog } = renderDialog([ohne]);
    fireEvent.change(betrag(dialog), { target: { value: "150" } });
    const speichern = within(dialog).getByRole("button", { name: "Zahlung speichern" });
    expect(within(dialog).getByTestId("ueberzahlung-hinweis").textContent).toContain("50,01 €");
    expect((speichern as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(
      within(dialog).getByRole("checkbox", { name: "50,01 € als Guthaben des Kunden behalten" }),
    );
    expect((speichern as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(speichern);
    expect(await within(dialog).findByText("2026-00012: Nicht offen.")).toBeTruthy();
    expect(bodies).toMatchObject([{ betrag: 150, ueberzahlung: true, belegSet: [{ id: 12 }] }]);
  });

  it("pays from the customer's credit: offered only with credit, at most the credit", async () => {
    const bodies = fakeApi(() => ({ status: 200, body: { id: 2, betrag: 40 } }), 40);
    const { dialog, onGebucht } = renderDialog([ohne]);
    expect(await within(dialog).findByTestId("guthaben-verfuegbar")).toHaveProperty(
      "textContent",
      "Guthaben des Kunden: 40,00 €",
    );
    fireEvent.click(within(dialog).getByText("Guthaben"));
    expect(betrag(dialog).value).toBe("40,00");
    fireEvent.change(betrag(dialog), { target: { value: "50" } });
    expect(within(dialog).getByText("Höchstens das Guthaben von 40,00 €.")).toBeTruthy();
    const speichern = within(dialog).getByRole("button", { name: "Zahlung speichern" }) as HTMLButtonElement;
    expect(speichern.disabled).toBe(true);
    fireEvent.change(betrag(dialog), { target: { value: "40" } });
    fireEvent.click(speichern);
    await waitFor(() => expect(onGebucht).toHaveBeenCalled());
    expect(bodies).toMatchObject([{ betrag: 40, zahlungsart: "guthaben", ueberzahlung: false }]);
  });

  it("offers no credit when the customer has none", async () => {
    fakeApi(() => ({ status: 500, body: {} }));
    const { dialog } = renderDialog([ohne]);
    await waitFor(() => expect(within(dialog).getByText("Karte")).toBeTruthy());
    expect(within(dialog).queryByText("Guthaben")).toBeNull();
  });

  it("refuses a day in the future at the field", () => {
    fakeApi(() => ({ status: 500, body: {} }));
    const { dialog } = renderDialog([ohne]);
    const [jahr, monat, tag] = addDays(heute, 1).split("-");
    fireEvent.change(within(dialog).getByRole("textbox", { name: /^Zahlungsdatum/ }), {
      target: { value: `${tag}.${monat}.${jahr}` },
    });
    fireEvent.blur(within(dialog).getByRole("textbox", { name: /^Zahlungsdatum/ }));
    expect(within(dialog).getByText("Liegt in der Zukunft.")).toBeTruthy();
    expect(
      (within(dialog).getByRole("button", { name: "Zahlung speichern" }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });
});
