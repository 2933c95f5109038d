import type { TArtikelZeile } from "@kontor/domain/artikel/artikel.api";
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { useState } from "react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { visible } from "../../../test/visible.ts";
import { ArtikelSearchField, type ArtikelSearchFieldProps } from "./ArtikelSearchField.tsx";
import { artikelZeile, type Call, fakeApi, initTestI18n, renderWithProviders } from "./artikelTestUtils.tsx";

beforeAll(initTestI18n);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function Auswahl(props: Partial<ArtikelSearchFieldProps> & { onPick?: (a: TArtikelZeile | null) => void }) {
  const [value, setValue] = useState<TArtikelZeile | null>(props.value ?? null);
  return (
    <>
      <ArtikelSearchField
        {...props}
        value={value}
        onChange={(artikel) => {
          setValue(artikel);
          props.onPick?.(artikel);
        }}
      />
      <output data-testid="gewaehlt">{value ? `${value.id}:${value.artikelBezeichnung}` : "—"}</output>
    </>
  );
}

const searches = (calls: Call[]) => calls.filter((call) => call.path === "artikelsearch");
const input = () => screen.getByRole("combobox", { name: "Artikel" }) as HTMLInputElement;
const tippe = (text: string) => fireEvent.change(input(), { target: { value: text } });

describe("ArtikelSearchField — search", () => {
  it("searches 200 ms after the last keystroke, only with text, and shows name, number and the marks", async () => {
    vi.useFakeTimers();
    const api = fakeApi((call) =>
      call.path === "artikelsearch"
        ? {
            body: [
              artikelZeile(1, "Schraube M8"),
              artikelZeile(2, "Schraube alt", { geloescht: true, locked: true, artikelNummer: "A-7" }),
            ],
          }
        : undefined,
    );
    const warte = (ms: number) =>
      act(async () => {
        await vi.advanceTimersByTimeAsync(ms);
      });
    renderWithProviders(<Auswahl />);
    expect(input().placeholder).toBe("Schnellsuche: Artikelbezeichnung oder Artikelnummer");
    tippe("   ");
    await warte(300);
    // Only spaces: nothing is asked.
    expect(searches(api.calls)).toHaveLength(0);
    tippe("Sch");
    await warte(150);
    tippe("Schraube");
    await warte(190);
    // 190 ms after the last keystroke: still nothing asked.
    expect(searches(api.calls)).toHaveLength(0);
    await warte(20);
    expect(searches(api.calls)).toHaveLength(1);
    // Let the answer arrive and render, then hand back the real clock.
    for (let i = 0; i < 5; i++) await warte(50);
    vi.useRealTimers();

    const listbox = await screen.findByRole("listbox", { name: "Artikel" });
    await waitFor(() => expect(within(listbox).getAllByRole("option")).toHaveLength(2));
    expect(searches(api.calls)).toHaveLength(1);
    expect(searches(api.calls)[0]!.query.get("search")).toBe("Schraube");
    expect(searches(api.calls)[0]!.query.has("verleihbar")).toBe(false);
    expect(screen.getByRole("option", { name: "Schraube M8, Nr. 10001" }).textContent).toContain("10001");
    const alt = screen.getByRole("option", { name: "Schraube alt, Nr. A-7, deaktiviert, gesperrt" });
    expect(visible(within(alt).getByText("deaktiviert"))).toBe(true);
    expect(visible(within(alt).getByText("gesperrt"))).toBe(true);
  });

  it("cancels a search that a newer one replaces", async () => {
    const signale = new Map<string, AbortSignal>();
    const fetch = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), "http://localhost");
      const search = url.searchParams.get("search") ?? "";
      signale.set(search, init!.signal!);
      if (search === "Dübel") {
        // The first search never answers by itself: only its cancellation ends it.
        return new Promise<Response>((_, reject) => {
          init!.signal!.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
        });
      }
      return Promise.resolve(
        new Response(JSON.stringify([artikelZeile(3, "Dübel 8 mm")]), {
          headers: { "content-type": "application/json" },
        }),
      );
    });
    vi.stubGlobal("fetch", fetch);
    renderWithProviders(<Auswahl verleihbar />);
    tippe("Dübel");
    await waitFor(() => expect(signale.has("Dübel")).toBe(true));
    expect(signale.get("Dübel")!.aborted).toBe(false);
    tippe("Dübel 8");
    await screen.findByRole("option", { name: /^Dübel 8 mm/ });
    expect(signale.get("Dübel")!.aborted).toBe(true);
    expect(signale.get("Dübel 8")!.aborted).toBe(false);
    expect(new URL(String(fetch.mock.calls[0]![0]), "http://localhost").searchParams.get("verleihbar")).toBe(
      "true",
    );
  });

  it("chooses with the keyboard; leaving an unfinished search restores the choice; the x clears it", async () => {
    fakeApi((call) =>
      call.path === "artikelsearch"
        ? { body: [artikelZeile(1, "Alpha"), artikelZeile(2, "Beta")] }
        : undefined,
    );
    const onPick = vi.fn();
    renderWithProviders(<Auswahl onPick={onPick} />);
    tippe("a");
    await screen.findByRole("option", { name: /^Beta/ });
    fireEvent.keyDown(input(), { key: "ArrowDown", code: "ArrowDown" });
    fireEvent.keyDown(input(), { key: "ArrowDown", code: "ArrowDown" });
    fireEvent.keyDown(input(), { key: "Enter", code: "Enter" });
    expect(onPick).toHaveBeenLastCalledWith(expect.objectContaining({ id: 2, artikelBezeichnung: "Beta" }));
    expect(input().value).toBe("Beta");

    tippe("Gam");
    fireEvent.blur(input());
    expect(input().value).toBe("Beta");
    fireEvent.click(screen.getByRole("button", { name: "Auswahl entfernen" }));
    expect(onPick).toHaveBeenLastCalledWith(null);
    expect(input().value).toBe("");
  });

  it("none found: 'Keine Artikel gefunden' and no create offer when not allowed", async () => {
    fakeApi((call) => (call.path === "artikelsearch" ? { body: { artikelList: [] } } : undefined));
    renderWithProviders(<Auswahl allowCreate={false} />);
    tippe("xyz");
    expect(visible(await screen.findByText("Keine Artikel gefunden"))).toBe(true);
    expect(screen.queryByRole("option")).toBeNull();
  });

  it("none found: 'Neuen Artikel anlegen' opens quick create with the text as the name; the new article is chosen", async () => {
    const api = fakeApi((call) => {
      if (call.path === "artikelsearch") return { body: [] };
      if (call.path === "nextartikelnumber") return { body: { artikelNummer: "10077" } };
      if (call.path === "mehrwertssteuers/all")
        return {
          body: [
            { id: 1, mwst: 20, defaultMwst: true, land: "AT" },
            { id: 2, mwst: 10, defaultMwst: false, land: "AT" },
          ],
        };
      if (call.method === "PUT" && call.path === "artikel") {
        const body = call.body as Record<string, unknown>;
        return { body: { ...body, id: 77, mehrwertssteuer: { id: 1, mwst: 20 } } };
      }
      return undefined;
    });
    const onPick = vi.fn();
    renderWithProviders(<Auswahl onPick={onPick} />);
    tippe("Neue Lampe");
    fireEvent.click(await screen.findByRole("option", { name: "Neuen Artikel anlegen" }));

    const dialog = await screen.findByRole("dialog", {}, { timeout: 3000 });
    const name = within(dialog).getByRole("textbox", { name: /Artikelbezeichnung/ }) as HTMLInputElement;
    expect(name.value).toBe("Neue Lampe");
    const nummer = within(dialog).getByRole("textbox", { name: /Artikelnummer/ }) as HTMLInputElement;
    await waitFor(() => expect(nummer.value).toBe("10077"));
    fireEvent.change(within(dialog).getByRole("textbox", { name: /Verkaufspreis/ }), {
      target: { value: "12,50" },
    });
    const speichern = within(dialog).getByRole("button", { name: "Speichern" }) as HTMLButtonElement;
    await waitFor(() => expect(speichern.disabled).toBe(false));
    await act(async () => {
      fireEvent.click(speichern);
    });
    await waitFor(() =>
      expect(onPick).toHaveBeenCalledWith(
        expect.objectContaining({
          id: 77,
          artikelBezeichnung: "Neue Lampe",
          artikelNummer: "10077",
          mwst: 20,
        }),
      ),
    );
    expect(screen.getByTestId("gewaehlt").textContent).toBe("77:Neue Lampe");
    const put = api.calls.find((call) => call.method === "PUT");
    expect(put?.body).toMatchObject({
      artikelNummer: "10077",
      artikelBezeichnung: "Neue Lampe",
      mehrwertssteuer: { id: 1 },
      artikelPreisSet: [{ preis: 12.5, preisschiene: null }],
    });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("a text that looks like a number becomes the new article's number (no number is proposed)", async () => {
    const api = fakeApi((call) => {
      if (call.path === "artikelsearch") return { body: [] };
      if (call.path === "mehrwertssteuers/all") return { body: [] };
      return undefined;
    });
    renderWithProviders(<Auswahl />);
    tippe("A-4711");
    fireEvent.click(await screen.findByRole("option", { name: "Neuen Artikel anlegen" }));
    const dialog = await screen.findByRole("dialog", {}, { timeout: 3000 });
    expect((within(dialog).getByRole("textbox", { name: /Artikelnummer/ }) as HTMLInputElement).value).toBe(
      "A-4711",
    );
    expect(
      (within(dialog).getByRole("textbox", { name: /Artikelbezeichnung/ }) as HTMLInputElement).value,
    ).toBe("");
    expect(api.calls.some((call) => call.path === "nextartikelnumber")).toBe(false);
  });
});

describe("ArtikelSearchField — QR scan", () => {
  const oeffneQr = async () => {
    fireEvent.click(screen.getByRole("button", { name: "QR-Code scannen" }));
    return screen.findByRole("dialog", { name: "QR-Code scannen" }, { timeout: 3000 });
  };
  const scanne = async (dialog: HTMLElement, code: string) => {
    fireEvent.change(within(dialog).getByRole("textbox", { name: "Code" }), { target: { value: code } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole("button", { name: "Suchen" }));
    });
  };
  const qrApi = () =>
    fakeApi((call) => {
      if (call.path !== "artikelsearch") return undefined;
      const search = call.query.get("search");
      if (search === "A-1") return { body: [artikelZeile(1, "Bohrer")] };
      if (search === "A") return { body: [artikelZeile(1, "Bohrer"), artikelZeile(2, "Bohrhammer")] };
      return { body: [] };
    });

  it("without a camera the code can be typed; exactly one hit is chosen", async () => {
    const api = qrApi();
    const onPick = vi.fn();
    renderWithProviders(<Auswahl withQrScan onPick={onPick} />);
    const dialog = await oeffneQr();
    expect(within(dialog).getByRole("alert").textContent).toContain("bietet keine Kamera an");
    await scanne(dialog, " A-1 ");
    await waitFor(() => expect(onPick).toHaveBeenCalledWith(expect.objectContaining({ id: 1 })));
    expect(screen.getByTestId("gewaehlt").textContent).toBe("1:Bohrer");
    expect(searches(api.calls)[0]!.query.get("search")).toBe("A-1");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("several hits open the search list with them", async () => {
    const api = qrApi();
    const onPick = vi.fn();
    renderWithProviders(<Auswahl withQrScan onPick={onPick} />);
    await scanne(await oeffneQr(), "A");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    const listbox = await screen.findByRole("listbox", { name: "Artikel" });
    await waitFor(() => expect(within(listbox).getAllByRole("option")).toHaveLength(2));
    expect(input().value).toBe("A");
    expect(onPick).not.toHaveBeenCalled();
    // The hits came from the scan's search; the list did not ask again.
    expect(searches(api.calls)).toHaveLength(1);
  });

  it("no hit: 'Artikel nicht gefunden', the dialog stays", async () => {
    qrApi();
    const onPick = vi.fn();
    renderWithProviders(<Auswahl withQrScan onPick={onPick} />);
    const dialog = await oeffneQr();
    await scanne(dialog, "ZZZ");
    expect(visible(await within(dialog).findByText("Artikel nicht gefunden"))).toBe(true);
    expect(visible(screen.getByRole("dialog", { name: "QR-Code scannen" }))).toBe(true);
    expect(onPick).not.toHaveBeenCalled();
  });

  it("a refused camera says so and keeps the text field", async () => {
    qrApi();
    const getUserMedia = vi.fn(() => Promise.reject(new DOMException("no", "NotAllowedError")));
    vi.stubGlobal("navigator", { ...navigator, mediaDevices: { getUserMedia } });
    renderWithProviders(<Auswahl withQrScan />);
    const dialog = await oeffneQr();
    expect((await within(dialog).findByRole("alert")).textContent).toContain(
      "Der Zugriff auf die Kamera wurde nicht erlaubt",
    );
    expect(getUserMedia).toHaveBeenCalled();
    expect(visible(within(dialog).getByRole("textbox", { name: "Code" }))).toBe(true);
  });
});

describe("ArtikelSearchField — detail search", () => {
  it("goods group, then subgroup, then one of its articles", async () => {
    const api = fakeApi((call) => {
      if (call.path === "warengruppesall")
        return {
          body: [
            {
              id: 5,
              warenGruppe: "100",
              bezeichnung: "Werkzeug",
              groups: [{ id: 51, unterGruppe: "10", bezeichnung: "Bohrer" }],
            },
          ],
        };
      if (call.path === "artikelsearch/51")
        return {
          body: { artikelList: [artikelZeile(8, "Steinbohrer 6 mm"), artikelZeile(9, "Holzbohrer")] },
        };
      return undefined;
    });
    const onPick = vi.fn();
    renderWithProviders(<Auswahl withDetailSearch onPick={onPick} />);
    fireEvent.click(screen.getByRole("button", { name: "Detailsuche" }));
    const dialog = await screen.findByRole("dialog", { name: "Detailsuche" }, { timeout: 3000 });

    fireEvent.click(await within(dialog).findByRole("combobox", { name: "Warengruppe" }));
    fireEvent.click(await screen.findByRole("option", { name: "100 – Werkzeug" }));
    fireEvent.click(within(dialog).getByRole("combobox", { name: "Untergruppe" }));
    fireEvent.click(await screen.findByRole("option", { name: "10 – Bohrer" }));

    fireEvent.click(await within(dialog).findByRole("button", { name: /Holzbohrer/ }));
    expect(onPick).toHaveBeenCalledWith(expect.objectContaining({ id: 9, artikelBezeichnung: "Holzbohrer" }));
    expect(api.calls.map((call) => call.path)).toEqual(["warengruppesall", "artikelsearch/51"]);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });
});
