import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { visible } from "../../../test/visible.ts";
import { ArtikelGalleryModal } from "./ArtikelGalleryModal.tsx";
import { ArtikelPreviewModal } from "./ArtikelPreviewModal.tsx";
import { fakeApi, initTestI18n, renderWithProviders } from "./artikelTestUtils.tsx";
import { LieferantInfoModal } from "./LieferantInfoModal.tsx";

beforeAll(initTestI18n);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("ArtikelPreviewModal", () => {
  it("shows number, name, description, purchase price, the first price entry, VAT and the thumbnail", async () => {
    const api = fakeApi((call) => {
      if (call.path === "artikel/7")
        return {
          body: {
            id: 7,
            artikelNummer: "A-7",
            artikelBezeichnung: "Bohrhammer",
            artikelBeschreibung: "Stark\nund leise",
            einkaufsPreis: 80,
            artikelPreisSet: [
              { preis: 149.9, vonDatum: "2020-01-01", preisschiene: null },
              { preis: 159.9, vonDatum: "2030-01-01", preisschiene: null },
            ],
            mehrwertssteuer: { id: 1, mwst: 20 },
            artikelImages: [{ assetId: 3, dateiname: "hammer.jpg", contentType: "image/jpeg", groesse: 10 }],
          },
        };
      if (call.path === "artikelimage/3/thumbnail/1024/800") return { body: "QUJD" };
      return undefined;
    });
    const onClose = vi.fn();
    renderWithProviders(<ArtikelPreviewModal artikelId={7} onClose={onClose} />);
    const dialog = screen.getByRole("dialog", { name: "Artikelvorschau" });
    await within(dialog).findByText("Bohrhammer");
    expect(visible(within(dialog).getByText("A-7"))).toBe(true);
    expect(within(dialog).getByText(/Stark/).textContent).toBe("Stark\nund leise");
    expect(visible(within(dialog).getByText("80,00 €"))).toBe(true);
    expect(visible(within(dialog).getByText("149,90 €"))).toBe(true);
    expect(visible(within(dialog).getByText("20,0 %"))).toBe(true);
    const bild = (await within(dialog).findByRole("img", { name: "Bild: hammer.jpg" })) as HTMLImageElement;
    expect(bild.getAttribute("src")).toBe("data:image/jpeg;base64,QUJD");
    expect(api.calls.every((call) => call.method === "GET")).toBe(true);
    fireEvent.click(within(dialog).getByRole("button", { name: "Schließen" }));
    expect(onClose).toHaveBeenCalled();
  });
});

describe("ArtikelGalleryModal", () => {
  it("shows each image large, with buttons, arrow keys and the n / m counter", async () => {
    const fetch = vi.fn(
      async (input: RequestInfo | URL) =>
        new Response(new Blob([String(input)], { type: "image/png" }), {
          headers: { "content-type": "image/png" },
        }),
    );
    vi.stubGlobal("fetch", fetch);
    let n = 0;
    vi.stubGlobal(
      "URL",
      Object.assign(URL, { createObjectURL: () => `blob:bild-${++n}`, revokeObjectURL: () => undefined }),
    );
    const bilder = [
      { assetId: 1, dateiname: "vorne.jpg" },
      { assetId: 2, dateiname: "hinten.jpg" },
      { assetId: 3, dateiname: "seite.jpg" },
    ];
    renderWithProviders(
      <ArtikelGalleryModal bilder={bilder} startIndex={1} opened onClose={() => undefined} />,
    );
    const dialog = screen.getByRole("dialog", { name: "Bilder" });
    expect(visible(await within(dialog).findByRole("img", { name: "hinten.jpg" }))).toBe(true);
    expect(visible(within(dialog).getByText("2 / 3"))).toBe(true);
    expect(String(fetch.mock.calls[0]![0])).toBe("/app/api/artikelimage/2");

    fireEvent.click(within(dialog).getByRole("button", { name: "Nächstes Bild" }));
    expect(visible(await within(dialog).findByRole("img", { name: "seite.jpg" }))).toBe(true);
    expect(visible(within(dialog).getByText("3 / 3"))).toBe(true);
    // Wraps around.
    fireEvent.keyDown(window, { key: "ArrowRight" });
    expect(visible(await within(dialog).findByRole("img", { name: "vorne.jpg" }))).toBe(true);
    expect(visible(within(dialog).getByText("1 / 3"))).toBe(true);
    fireEvent.keyDown(window, { key: "ArrowLeft" });
    await waitFor(() => expect(visible(within(dialog).getByText("3 / 3"))).toBe(true));
    fireEvent.click(within(dialog).getByRole("button", { name: "Vorheriges Bild" }));
    expect(visible(await within(dialog).findByRole("img", { name: "hinten.jpg" }))).toBe(true);
  });
});

describe("LieferantInfoModal", () => {
  it("shows name, number, billing address, e-mail, phone and VAT id, with a link to the supplier", async () => {
    fakeApi((call) =>
      call.path === "kundes/12"
        ? {
            body: {
              id: 12,
              kundenNummer: "20012",
              firma: "firma",
              bezeichnung: "Holz Huber GmbH",
              email: "office@huber.at",
              telnr: "+43 1 234",
              uid: "ATU12345678",
              lieferant: true,
              adresseLists: [{ strasse: "Ring", hausNummer: "5", plz: "1010", ort: "Wien", land: "AT" }],
            },
          }
        : undefined,
    );
    renderWithProviders(<LieferantInfoModal lieferantId={12} onClose={() => undefined} />);
    const dialog = screen.getByRole("dialog", { name: "Lieferant" });
    expect(visible(await within(dialog).findByText("Holz Huber GmbH"))).toBe(true);
    expect(visible(within(dialog).getByText("20012"))).toBe(true);
    expect(visible(within(dialog).getByText("Ring 5, 1010 Wien, AT"))).toBe(true);
    expect(within(dialog).getByRole("link", { name: "office@huber.at" }).getAttribute("href")).toBe(
      "mailto:office@huber.at",
    );
    expect(visible(within(dialog).getByText("+43 1 234"))).toBe(true);
    expect(visible(within(dialog).getByText("ATU12345678"))).toBe(true);
    expect(within(dialog).getByRole("link", { name: "Lieferant öffnen" }).getAttribute("href")).toBe(
      "/app/kunde/12",
    );
  });
});
