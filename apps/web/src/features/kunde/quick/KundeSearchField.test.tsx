import type { TKundeZeile } from "@kontor/domain/kunde/kunde.api";
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { useState } from "react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { visible } from "../../../test/visible.ts";
import { KundeSearchField, type KundeSearchFieldProps } from "./KundeSearchField.tsx";
import { type Call, fakeApi, initTestI18n, renderWithProviders, zeile } from "./quickTestUtils.tsx";

beforeAll(initTestI18n);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Auswahl(props: Partial<KundeSearchFieldProps> & { onPick?: (k: TKundeZeile | null) => void }) {
  const [value, setValue] = useState<TKundeZeile | null>(props.value ?? null);
  return (
    <>
      <KundeSearchField
        {...props}
        value={value}
        onChange={(kunde) => {
          setValue(kunde);
          props.onPick?.(kunde);
        }}
      />
      <output data-testid="gewaehlt">{value ? `${value.id}:${value.anzeigename}` : "—"}</output>
    </>
  );
}

const searches = (calls: Call[]) => calls.filter((call) => /search$/.test(call.path));
const input = (name = "Kunde") => screen.getByRole("combobox", { name });
const tippe = (text: string, name?: string) => fireEvent.change(input(name), { target: { value: text } });

describe("KundeSearchField", () => {
  it("searches after a pause with the typed text only, and shows name, PLZ Ort, number and the deactivated mark", async () => {
    const api = fakeApi((call) =>
      call.path === "kundessearch"
        ? {
            body: {
              kundeList: [
                zeile(1, "Müller GmbH"),
                zeile(2, "Müllerei Huber", { plz: "5020", ort: "Salzburg", aktiv: false }),
              ],
            },
          }
        : undefined,
    );
    renderWithProviders(<Auswahl />);
    tippe("  ");
    tippe("Mül");
    tippe("Müller");
    // Nothing is asked while typing.
    expect(searches(api.calls)).toHaveLength(0);

    const listbox = await screen.findByRole("listbox", { name: "Kunde" });
    await waitFor(() => expect(within(listbox).getAllByRole("option")).toHaveLength(2));
    expect(searches(api.calls)).toHaveLength(1);
    expect(searches(api.calls)[0]!.query.get("search")).toBe("Müller");
    expect(searches(api.calls)[0]!.query.has("includeDeactivated")).toBe(false);

    const erste = screen.getByRole("option", { name: "Müller GmbH, 1010 Wien, Nr. 10001" });
    expect(erste.textContent).toContain("1010 Wien");
    expect(erste.textContent).toContain("10001");
    const zweite = screen.getByRole("option", { name: /^Müllerei Huber/ });
    expect(zweite.getAttribute("aria-label")).toBe("Müllerei Huber, 5020 Salzburg, Nr. 10002, deaktiviert");
    expect(visible(within(zweite).getByText("deaktiviert"))).toBe(true);
    expect(input().getAttribute("aria-expanded")).toBe("true");
  });

  it("chooses with the keyboard and shows the chosen name; leaving an unfinished search restores it", async () => {
    fakeApi((call) =>
      call.path === "kundessearch"
        ? { body: { kundeList: [zeile(1, "Alpha KG"), zeile(2, "Beta OG")] } }
        : undefined,
    );
    const onPick = vi.fn();
    renderWithProviders(<Auswahl onPick={onPick} />);
    tippe("a");
    await screen.findByRole("option", { name: /^Beta OG/ });
    fireEvent.keyDown(input(), { key: "ArrowDown", code: "ArrowDown" });
    fireEvent.keyDown(input(), { key: "ArrowDown", code: "ArrowDown" });
    fireEvent.keyDown(input(), { key: "Enter", code: "Enter" });
    expect(onPick).toHaveBeenLastCalledWith(expect.objectContaining({ id: 2, anzeigename: "Beta OG" }));
    expect(screen.getByTestId("gewaehlt").textContent).toBe("2:Beta OG");
    expect((input() as HTMLInputElement).value).toBe("Beta OG");
    expect(screen.queryByRole("listbox")).toBeNull();

    // A new search that is left unfinished: the choice stays.
    tippe("Gam");
    fireEvent.blur(input());
    expect((input() as HTMLInputElement).value).toBe("Beta OG");
    expect(screen.getByTestId("gewaehlt").textContent).toBe("2:Beta OG");

    // Clearing: the x button, or emptying the field.
    fireEvent.click(screen.getByRole("button", { name: "Auswahl entfernen" }));
    expect(onPick).toHaveBeenLastCalledWith(null);
    expect((input() as HTMLInputElement).value).toBe("");
  });

  it("emptying the field clears the choice", () => {
    fakeApi(() => undefined);
    const onPick = vi.fn();
    renderWithProviders(<Auswahl value={zeile(5, "Gamma AG") as TKundeZeile} onPick={onPick} />);
    expect((input() as HTMLInputElement).value).toBe("Gamma AG");
    tippe("");
    expect(onPick).toHaveBeenCalledWith(null);
    expect(screen.getByTestId("gewaehlt").textContent).toBe("—");
  });

  it("reads an invalid answer as no hits and offers no create when not allowed", async () => {
    const api = fakeApi((call) =>
      call.path === "kundessearch" ? { body: [zeile(1, "Falsch")] } : undefined,
    );
    renderWithProviders(<Auswahl allowCreate={false} />);
    tippe("xyz");
    expect(visible(await screen.findByText("Keine Kunden gefunden"))).toBe(true);
    expect(screen.queryByRole("option")).toBeNull();
    expect(searches(api.calls)).toHaveLength(1);
  });

  it("skips rows without id or name", async () => {
    fakeApi((call) =>
      call.path === "kundessearch"
        ? { body: { kundeList: [{ id: "7", anzeigename: "x" }, { id: 8 }, null, zeile(9, "Gut")] } }
        : undefined,
    );
    renderWithProviders(<Auswahl />);
    tippe("g");
    await screen.findByRole("option", { name: /^Gut/ });
    expect(screen.getAllByRole("option")).toHaveLength(1);
  });

  it("searches suppliers with lieferantsearch and names them so", async () => {
    const api = fakeApi((call) =>
      call.path === "lieferantsearch" ? { body: { kundeList: [] } } : undefined,
    );
    renderWithProviders(<Auswahl lieferant includeDeactivated />);
    tippe("Holz", "Lieferant");
    expect(visible(await screen.findByText("Keine Lieferanten gefunden"))).toBe(true);
    expect(visible(screen.getByRole("option", { name: "Neuen Lieferanten anlegen" }))).toBe(true);
    expect(searches(api.calls).map((call) => call.path)).toEqual(["lieferantsearch"]);
    expect(searches(api.calls)[0]!.query.get("includeDeactivated")).toBe("true");
  });

  it("offers quick create when nothing is found: the typed text becomes the company name, the new customer is chosen", async () => {
    const api = fakeApi((call) => {
      if (call.path === "kundessearch") return { body: { kundeList: [] } };
      if (call.method === "PUT" && call.path === "kundes") {
        const body = call.body as Record<string, unknown>;
        return { body: { ...body, id: 42, kundenNummer: "10042", anzeigename: body.bezeichnung } };
      }
      return undefined;
    });
    const onPick = vi.fn();
    renderWithProviders(<Auswahl onPick={onPick} />);
    tippe("Neu GmbH");
    const anlegen = await screen.findByRole("option", { name: "Neuen Kunden anlegen" });
    fireEvent.click(anlegen);

    const dialog = await screen.findByRole("dialog", {}, { timeout: 3000 });
    const firmenname = within(dialog).getByRole("textbox", { name: /Firmenname/ }) as HTMLInputElement;
    expect(firmenname.value).toBe("Neu GmbH");
    fireEvent.change(within(dialog).getByRole("textbox", { name: /Straße/ }), { target: { value: "Ring" } });
    fireEvent.change(within(dialog).getByRole("textbox", { name: /PLZ/ }), { target: { value: "1010" } });
    fireEvent.change(within(dialog).getByRole("textbox", { name: /Ort/ }), { target: { value: "Wien" } });
    const speichern = within(dialog).getByRole("button", { name: "Speichern" }) as HTMLButtonElement;
    await waitFor(() => expect(speichern.disabled).toBe(false));
    await act(async () => {
      fireEvent.click(speichern);
    });

    await waitFor(() =>
      expect(onPick).toHaveBeenCalledWith(expect.objectContaining({ id: 42, anzeigename: "Neu GmbH" })),
    );
    expect(screen.getByTestId("gewaehlt").textContent).toBe("42:Neu GmbH");
    const put = api.calls.find((call) => call.method === "PUT");
    expect(put?.body).toMatchObject({ bezeichnung: "Neu GmbH", firma: "firma", lieferant: false });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });
});
