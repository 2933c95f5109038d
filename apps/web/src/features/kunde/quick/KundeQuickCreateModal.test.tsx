import type { TKundeZeile } from "@kontor/domain/kunde/kunde.api";
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { visible } from "../../../test/visible.ts";
import { KundeQuickCreateModal, type KundeQuickCreateModalProps } from "./KundeQuickCreateModal.tsx";
import { type Call, fakeApi, initTestI18n, renderWithProviders, zeile } from "./quickTestUtils.tsx";

beforeAll(initTestI18n);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function oeffne(props: Partial<KundeQuickCreateModalProps> = {}) {
  const onCreated = vi.fn();
  const onClose = vi.fn();
  renderWithProviders(<KundeQuickCreateModal opened onClose={onClose} onCreated={onCreated} {...props} />);
  return { onCreated, onClose, dialog: screen.getByRole("dialog") };
}

const feld = (dialog: HTMLElement, name: RegExp) => within(dialog).getByRole("textbox", { name });
const tippe = (dialog: HTMLElement, name: RegExp, value: string) =>
  fireEvent.change(feld(dialog, name), { target: { value } });
const speichern = (dialog: HTMLElement) =>
  within(dialog).getByRole("button", { name: "Speichern" }) as HTMLButtonElement;
const klicke = async (element: HTMLElement) => {
  await act(async () => {
    fireEvent.click(element);
  });
};
const puts = (calls: Call[]) => calls.filter((call) => call.method === "PUT");

describe("KundeQuickCreateModal — Kunde", () => {
  it("keeps save disabled and names the missing fields until the SPEC §5 rules are met", async () => {
    fakeApi(() => undefined);
    const { dialog } = oeffne();
    expect(speichern(dialog).disabled).toBe(true);
    expect(within(dialog).getByRole("status").textContent).toBe(
      "Zum Speichern fehlt noch: Firmenname, Straße, PLZ und Ort",
    );
    expect(speichern(dialog).getAttribute("aria-describedby")).toBe(
      within(dialog).getByRole("status").getAttribute("id"),
    );
    tippe(dialog, /Firmenname/, "Acme");
    tippe(dialog, /Straße/, "Ring");
    tippe(dialog, /PLZ/, "1010");
    expect(within(dialog).getByRole("status").textContent).toBe("Zum Speichern fehlt noch: Ort");

    // A private person needs salutation, first and last name instead of the company name.
    await klicke(within(dialog).getByRole("radio", { name: "Privatperson" }));
    expect(within(dialog).queryByRole("textbox", { name: /Firmenname/ })).toBeNull();
    expect(within(dialog).getByRole("status").textContent).toBe(
      "Zum Speichern fehlt noch: Anrede, Vorname, Nachname und Ort",
    );
    tippe(dialog, /Ort/, "Wien");
    tippe(dialog, /Vorname/, "Max");
    tippe(dialog, /Nachname/, "Muster");
    expect(within(dialog).getByRole("status").textContent).toBe("Zum Speichern fehlt noch: Anrede");
    expect(speichern(dialog).disabled).toBe(true);
  });

  it("saves with PUT kundes: neuerKunde defaults, the billing address, the supplier flag; reports the new customer", async () => {
    const api = fakeApi((call) => {
      if (call.method === "PUT" && call.path === "kundes") {
        const body = call.body as Record<string, unknown>;
        return { body: { ...body, id: 7, kundenNummer: "10007", anzeigename: "Acme GmbH" } };
      }
      return undefined;
    });
    const { dialog, onCreated, onClose } = oeffne({ initialText: "  Acme GmbH ", lieferant: true });
    expect((feld(dialog, /Firmenname/) as HTMLInputElement).value).toBe("Acme GmbH");
    expect((within(dialog).getByRole("checkbox", { name: "Lieferant" }) as HTMLInputElement).checked).toBe(
      true,
    );
    tippe(dialog, /Straße/, "Ring");
    tippe(dialog, /Hausnr/, "5a");
    tippe(dialog, /PLZ/, "1010");
    tippe(dialog, /Ort/, "Wien");
    tippe(dialog, /E-Mail/, "müller@acme.at");
    tippe(dialog, /Telefon/, "+43 1 234");
    await klicke(speichern(dialog));

    await waitFor(() => expect(onCreated).toHaveBeenCalledTimes(1));
    expect(onCreated.mock.calls[0]![0]).toMatchObject({
      id: 7,
      kundenNummer: "10007",
      anzeigename: "Acme GmbH",
      plz: "1010",
      ort: "Wien",
      lieferant: true,
      aktiv: true,
    });
    expect(onClose).toHaveBeenCalled();
    const [put] = puts(api.calls);
    expect(put!.body).toMatchObject({
      firma: "firma",
      bezeichnung: "Acme GmbH",
      vorname: null,
      nachname: null,
      geschlecht: null,
      email: "müller@acme.at",
      telnr: "+43 1 234",
      lieferant: true,
      aktiv: true,
      belegLangKey: "de",
      rabattVorschlag: 0,
      belegVorlageVerwenden: true,
      kundeKontakte: [],
      adresseLists: [
        {
          adressenTyp: "rechnungsadresse",
          strasse: "Ring",
          hausNummer: "5a",
          plz: "1010",
          ort: "Wien",
          land: "AT",
          aktiv: true,
        },
      ],
    });
    expect(put!.body).not.toHaveProperty("id");
  });

  it("shows the server's field errors at the fields and keeps the input", async () => {
    fakeApi((call) =>
      call.method === "PUT"
        ? {
            status: 400,
            body: {
              status: 400,
              title: "Bad Request",
              code: "error.validation",
              fieldErrors: [
                { field: "adresseLists.0.plz", code: "maxLength", max: 10 },
                { field: "bezeichnung", code: "required" },
              ],
            },
          }
        : undefined,
    );
    const { dialog, onCreated } = oeffne({ initialText: "Acme" });
    tippe(dialog, /Straße/, "Ring");
    tippe(dialog, /PLZ/, "1010");
    tippe(dialog, /Ort/, "Wien");
    await klicke(speichern(dialog));

    expect(visible(await within(dialog).findByText("Bitte höchstens 10 Zeichen eingeben."))).toBe(true);
    expect(visible(within(dialog).getByText("Dieses Feld ist erforderlich."))).toBe(true);
    expect(feld(dialog, /PLZ/).getAttribute("aria-invalid")).toBe("true");
    expect((feld(dialog, /Firmenname/) as HTMLInputElement).value).toBe("Acme");
    expect((feld(dialog, /Ort/) as HTMLInputElement).value).toBe("Wien");
    expect(onCreated).not.toHaveBeenCalled();
  });

  it("checks the e-mail with the shared schema before sending", async () => {
    const api = fakeApi(() => undefined);
    const { dialog } = oeffne({ initialText: "Acme" });
    tippe(dialog, /Straße/, "Ring");
    tippe(dialog, /PLZ/, "1010");
    tippe(dialog, /Ort/, "Wien");
    tippe(dialog, /E-Mail/, "a@b");
    await klicke(speichern(dialog));
    expect(visible(await within(dialog).findByText("Bitte geben Sie eine gültige E-Mail-Adresse ein."))).toBe(
      true,
    );
    expect(puts(api.calls)).toHaveLength(0);
  });
});

describe("KundeQuickCreateModal — Ansprechperson", () => {
  const gespeichert = {
    id: 3,
    kundenNummer: "10003",
    bezeichnung: "Acme",
    firma: "firma",
    adresseLists: [{ id: 11, strasse: "Ring", plz: "1010", ort: "Wien", land: "AT" }],
    kundeKontakte: [
      { id: 90, geschlecht: "herr", vorname: "Alt", nachname: "Bestand", email: null, telnr: null },
    ],
    kundePdfs: [],
    anzeigename: "Acme",
  };

  it("needs a customer and a last name, then appends the contact with GET and PUT kundes", async () => {
    const api = fakeApi((call) => {
      if (call.path === "kundessearch") return { body: { kundeList: [zeile(3, "Acme")] } };
      if (call.method === "GET" && call.path === "kundes/3") return { body: gespeichert };
      if (call.method === "PUT" && call.path === "kundes") {
        const body = call.body as typeof gespeichert;
        return {
          body: {
            ...body,
            kundeKontakte: body.kundeKontakte.map((kontakt, index) => ({ ...kontakt, id: 90 + index })),
          },
        };
      }
      return undefined;
    });
    const { dialog, onCreated } = oeffne({ mode: "kontakt" });
    expect((within(dialog).getByRole("radio", { name: "Ansprechperson" }) as HTMLInputElement).checked).toBe(
      true,
    );
    expect(within(dialog).getByRole("status").textContent).toBe(
      "Zum Speichern fehlt noch: Kunde und Nachname",
    );

    fireEvent.change(within(dialog).getByRole("combobox", { name: /Kunde/ }), { target: { value: "Acme" } });
    fireEvent.click(await screen.findByRole("option", { name: /^Acme/ }));
    // No "create" inside the dialog's own search.
    expect(screen.queryByRole("option", { name: "Neuen Kunden anlegen" })).toBeNull();
    tippe(dialog, /Vorname/, "Eva");
    tippe(dialog, /Nachname/, "Neu");
    tippe(dialog, /E-Mail/, "eva@acme.at");
    expect(within(dialog).queryByRole("status")).toBeNull();
    await klicke(speichern(dialog));

    await waitFor(() => expect(onCreated).toHaveBeenCalledTimes(1));
    const put = puts(api.calls)[0]!;
    expect(api.calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      "GET kundessearch",
      "GET kundes/3",
      "PUT kundes",
    ]);
    expect(put.body).toMatchObject({
      id: 3,
      bezeichnung: "Acme",
      kundeKontakte: [
        { id: 90, nachname: "Bestand" },
        { geschlecht: null, vorname: "Eva", nachname: "Neu", email: "eva@acme.at", telnr: null },
      ],
    });
    expect(onCreated.mock.calls[0]![0]).toMatchObject({
      id: 3,
      anzeigename: "Acme",
      kontakt: { id: 91, nachname: "Neu" },
    });
  });

  it("puts the contact's server errors at its fields and names the customer's own gaps", async () => {
    fakeApi((call) => {
      if (call.method === "GET" && call.path === "kundes/3") return { body: gespeichert };
      if (call.method === "PUT")
        return {
          status: 400,
          body: {
            status: 400,
            title: "Bad Request",
            code: "error.validation",
            fieldErrors: [
              { field: "kundeKontakte.1.email", code: "email" },
              { field: "adresseLists.0.ort", code: "required" },
            ],
          },
        };
      return undefined;
    });
    const { dialog, onCreated } = oeffne({ mode: "kontakt", kunde: zeile(3, "Acme") as TKundeZeile });
    expect((within(dialog).getByRole("combobox", { name: /Kunde/ }) as HTMLInputElement).value).toBe("Acme");
    tippe(dialog, /Nachname/, "Neu");
    tippe(dialog, /E-Mail/, "eva@acme.at");
    await klicke(speichern(dialog));

    expect(visible(await within(dialog).findByText("Bitte geben Sie eine gültige E-Mail-Adresse ein."))).toBe(
      true,
    );
    expect(within(dialog).getByRole("alert").textContent).toContain(
      "Der gewählte Kunde ist selbst unvollständig (Ort)",
    );
    expect((feld(dialog, /Nachname/) as HTMLInputElement).value).toBe("Neu");
    expect(onCreated).not.toHaveBeenCalled();
  });

  it("keeps what was typed in either part when switching", async () => {
    fakeApi(() => undefined);
    const { dialog } = oeffne({ initialText: "Acme" });
    await klicke(within(dialog).getByRole("radio", { name: "Ansprechperson" }));
    tippe(dialog, /Nachname/, "Neu");
    await klicke(within(dialog).getByRole("radio", { name: "Kunde" }));
    expect((feld(dialog, /Firmenname/) as HTMLInputElement).value).toBe("Acme");
    await klicke(within(dialog).getByRole("radio", { name: "Ansprechperson" }));
    expect((feld(dialog, /Nachname/) as HTMLInputElement).value).toBe("Neu");
  });
});
