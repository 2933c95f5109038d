import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { visible } from "../../../test/visible.ts";
import { ArtikelQuickCreateModal, type ArtikelQuickCreateModalProps } from "./ArtikelQuickCreateModal.tsx";
import { type Call, fakeApi, initTestI18n, renderWithProviders } from "./artikelTestUtils.tsx";

beforeAll(initTestI18n);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function oeffne(props: Partial<ArtikelQuickCreateModalProps> = {}) {
  const onCreated = vi.fn();
  const onClose = vi.fn();
  renderWithProviders(<ArtikelQuickCreateModal opened onClose={onClose} onCreated={onCreated} {...props} />);
  return { onCreated, onClose, dialog: screen.getByRole("dialog") };
}

const feld = (dialog: HTMLElement, name: RegExp) =>
  within(dialog).getByRole("textbox", { name }) as HTMLInputElement;
const tippe = (dialog: HTMLElement, name: RegExp, value: string) =>
  fireEvent.change(feld(dialog, name), { target: { value } });
const speichern = (dialog: HTMLElement) =>
  within(dialog).getByRole("button", { name: "Speichern" }) as HTMLButtonElement;
const puts = (calls: Call[]) => calls.filter((call) => call.method === "PUT");

const MWST = [
  { id: 3, mwst: 10, defaultMwst: false, land: "AT" },
  { id: 4, mwst: 20, defaultMwst: true, land: "AT" },
];

describe("ArtikelQuickCreateModal", () => {
  it("requires number, name, VAT and price: save stays disabled and names what is missing", async () => {
    fakeApi((call) => {
      if (call.path === "nextartikelnumber") return { body: { artikelNummer: "" } };
      if (call.path === "mehrwertssteuers/all")
        return { body: MWST.map((m) => ({ ...m, defaultMwst: false })) };
      return undefined;
    });
    const { dialog } = oeffne();
    expect(speichern(dialog).disabled).toBe(true);
    expect(within(dialog).getByRole("status").textContent).toBe(
      "Zum Speichern fehlt noch: Artikelnummer, Artikelbezeichnung, Mehrwertsteuer und Verkaufspreis netto",
    );
    expect(speichern(dialog).getAttribute("aria-describedby")).toBe(
      within(dialog).getByRole("status").getAttribute("id"),
    );
    tippe(dialog, /Artikelnummer/, "X-1");
    tippe(dialog, /Artikelbezeichnung/, "Kabel");
    tippe(dialog, /Verkaufspreis/, "3,20");
    expect(within(dialog).getByRole("status").textContent).toBe("Zum Speichern fehlt noch: Mehrwertsteuer");
    expect(speichern(dialog).disabled).toBe(true);
    // A name of spaces only is missing too.
    tippe(dialog, /Artikelbezeichnung/, "   ");
    expect(within(dialog).getByRole("status").textContent).toBe(
      "Zum Speichern fehlt noch: Artikelbezeichnung und Mehrwertsteuer",
    );
  });

  it("proposes the next number and the default VAT, saves with PUT artikel and a base price from today", async () => {
    const api = fakeApi((call) => {
      if (call.path === "nextartikelnumber") return { body: { artikelNummer: "A-0042" } };
      if (call.path === "mehrwertssteuers/all") return { body: MWST };
      if (call.method === "PUT" && call.path === "artikel") {
        const body = call.body as Record<string, unknown>;
        return { body: { ...body, id: 42, mehrwertssteuer: { id: 4, mwst: 20 } } };
      }
      return undefined;
    });
    const { dialog, onCreated, onClose } = oeffne({ initialText: "  Kabel   3x1,5 " });
    expect(feld(dialog, /Artikelbezeichnung/).value).toBe("Kabel 3x1,5");
    await waitFor(() => expect(feld(dialog, /Artikelnummer/).value).toBe("A-0042"));
    await waitFor(() =>
      expect(
        (within(dialog).getByRole("combobox", { name: /Mehrwertsteuer/ }) as HTMLInputElement).value,
      ).toBe("20,0 % (AT)"),
    );
    tippe(dialog, /Verkaufspreis/, "1.234,5");
    await waitFor(() => expect(speichern(dialog).disabled).toBe(false));
    await act(async () => {
      fireEvent.click(speichern(dialog));
    });
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect(onCreated.mock.calls[0]![0]).toMatchObject({
      id: 42,
      artikelNummer: "A-0042",
      artikelBezeichnung: "Kabel 3x1,5",
      preis: 1234.5,
      mwst: 20,
    });
    expect(onClose).toHaveBeenCalled();
    const body = puts(api.calls)[0]!.body as { artikelPreisSet: { vonDatum: string }[] };
    expect(body).toMatchObject({
      artikelNummer: "A-0042",
      artikelBezeichnung: "Kabel 3x1,5",
      mehrwertssteuer: { id: 4 },
      artikelPreisSet: [{ preis: 1234.5, preisschiene: null }],
    });
    expect(body.artikelPreisSet[0]!.vonDatum).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it("shows the server's field errors at the fields and keeps the input", async () => {
    fakeApi((call) => {
      if (call.path === "nextartikelnumber") return { body: { artikelNummer: "100" } };
      if (call.path === "mehrwertssteuers/all") return { body: MWST };
      if (call.method === "PUT")
        return {
          status: 400,
          body: {
            status: 400,
            title: "x",
            code: "error.validation",
            fieldErrors: [
              { field: "artikelNummer", code: "unique" },
              { field: "artikelPreisSet.0.preis", code: "invalid" },
            ],
          },
        };
      return undefined;
    });
    const { dialog, onCreated } = oeffne({ initialText: "Kabel" });
    await waitFor(() => expect(feld(dialog, /Artikelnummer/).value).toBe("100"));
    tippe(dialog, /Verkaufspreis/, "5");
    await waitFor(() => expect(speichern(dialog).disabled).toBe(false));
    await act(async () => {
      fireEvent.click(speichern(dialog));
    });
    expect(visible(await within(dialog).findByText("Dieser Wert ist bereits vergeben."))).toBe(true);
    expect(feld(dialog, /Artikelnummer/).getAttribute("aria-invalid")).toBe("true");
    expect(feld(dialog, /Verkaufspreis/).getAttribute("aria-invalid")).toBe("true");
    expect(feld(dialog, /Artikelbezeichnung/).value).toBe("Kabel");
    expect(onCreated).not.toHaveBeenCalled();
  });
});
