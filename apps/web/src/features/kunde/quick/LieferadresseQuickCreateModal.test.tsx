import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { visible } from "../../../test/visible.ts";
import { LieferadresseQuickCreateModal } from "./LieferadresseQuickCreateModal.tsx";
import { fakeApi, initTestI18n, renderWithProviders } from "./quickTestUtils.tsx";

beforeAll(initTestI18n);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function oeffne() {
  const onCreated = vi.fn();
  const onClose = vi.fn();
  renderWithProviders(
    <LieferadresseQuickCreateModal opened onClose={onClose} kundeId={12} onCreated={onCreated} />,
  );
  return { onCreated, onClose, dialog: screen.getByRole("dialog", { name: "Neue Lieferadresse" }) };
}

const feld = (dialog: HTMLElement, name: RegExp) =>
  within(dialog).getByRole("textbox", { name }) as HTMLInputElement;
const tippe = (dialog: HTMLElement, name: RegExp, value: string) =>
  fireEvent.change(feld(dialog, name), { target: { value } });
const speichern = (dialog: HTMLElement) =>
  within(dialog).getByRole("button", { name: "Speichern" }) as HTMLButtonElement;

function fuelle(dialog: HTMLElement) {
  tippe(dialog, /^Bezeichnung/, "Lager Nord");
  tippe(dialog, /^Straße/, "Industriestraße");
  tippe(dialog, /^Hausnr/, "12");
  tippe(dialog, /^Stiege/, "2");
  tippe(dialog, /^Tür/, "4");
  tippe(dialog, /^PLZ/, "4020");
  tippe(dialog, /^Ort/, "Linz");
}

describe("LieferadresseQuickCreateModal", () => {
  it("keeps save disabled while strasse, hausNummer, plz, ort or land is missing, and says which", () => {
    fakeApi(() => undefined);
    const { dialog } = oeffne();
    expect(speichern(dialog).disabled).toBe(true);
    expect(within(dialog).getByRole("status").textContent).toBe(
      "Zum Speichern fehlt noch: Straße, Hausnr., PLZ und Ort",
    );
    tippe(dialog, /^Straße/, "Ring");
    tippe(dialog, /^Hausnr/, "1");
    tippe(dialog, /^PLZ/, "1010");
    tippe(dialog, /^Ort/, "  ");
    expect(within(dialog).getByRole("status").textContent).toBe("Zum Speichern fehlt noch: Ort");
    tippe(dialog, /^Ort/, "Wien");
    expect(within(dialog).queryByRole("status")).toBeNull();
    expect(speichern(dialog).disabled).toBe(false);
  });

  it("limits the lengths of SPEC §9", () => {
    fakeApi(() => undefined);
    const { dialog } = oeffne();
    expect(feld(dialog, /^Hausnr/).maxLength).toBe(10);
    expect(feld(dialog, /^Stiege/).maxLength).toBe(10);
    expect(feld(dialog, /^Tür/).maxLength).toBe(10);
    expect(feld(dialog, /^PLZ/).maxLength).toBe(10);
    expect(feld(dialog, /^Adresszusatz/).maxLength).toBe(100);
  });

  it("creates with POST adresses {…, kundeId} and hands over the saved address", async () => {
    const api = fakeApi((call) =>
      call.method === "POST" && call.path === "adresses"
        ? { status: 201, body: { ...(call.body as object), id: 55 } }
        : undefined,
    );
    const { dialog, onCreated, onClose } = oeffne();
    fuelle(dialog);
    fireEvent.click(within(dialog).getByRole("checkbox", { name: "zu Handen" }));
    await act(async () => {
      fireEvent.click(speichern(dialog));
    });
    await waitFor(() => expect(onCreated).toHaveBeenCalledTimes(1));
    expect(api.calls).toHaveLength(1);
    expect(api.calls[0]!.body).toEqual({
      kundeId: 12,
      adressenTyp: "lieferadresse",
      aktiv: true,
      bezeichnung: "Lager Nord",
      firmenName: null,
      adressZusatz: null,
      strasse: "Industriestraße",
      hausNummer: "12",
      stiege: "2",
      tuer: "4",
      plz: "4020",
      ort: "Linz",
      land: "AT",
      zuHanden: true,
    });
    expect(onCreated.mock.calls[0]![0]).toMatchObject({ id: 55, kundeId: 12, ort: "Linz", zuHanden: true });
    expect(onClose).toHaveBeenCalled();
  });

  it("shows the server's field errors at the fields and keeps the input", async () => {
    fakeApi((call) =>
      call.method === "POST"
        ? {
            status: 400,
            body: {
              status: 400,
              title: "Bad Request",
              code: "error.validation",
              fieldErrors: [{ field: "plz", code: "pattern" }],
            },
          }
        : undefined,
    );
    const { dialog, onCreated } = oeffne();
    fuelle(dialog);
    await act(async () => {
      fireEvent.click(speichern(dialog));
    });
    expect(visible(await within(dialog).findByText("Die Eingabe hat nicht das erwartete Format."))).toBe(
      true,
    );
    expect(feld(dialog, /^PLZ/).getAttribute("aria-invalid")).toBe("true");
    expect(feld(dialog, /^Straße/).value).toBe("Industriestraße");
    expect(onCreated).not.toHaveBeenCalled();
  });

  it("opened from an edit screen's form, submits only itself (events bubble through the dialog's portal)", async () => {
    fakeApi((call) =>
      call.method === "POST" && call.path === "adresses"
        ? { status: 201, body: { ...(call.body as object), id: 56 } }
        : undefined,
    );
    const outerSubmit = vi.fn((event: { preventDefault(): void }) => event.preventDefault());
    const onCreated = vi.fn();
    renderWithProviders(
      <form onSubmit={outerSubmit}>
        <LieferadresseQuickCreateModal opened onClose={() => {}} kundeId={12} onCreated={onCreated} />
      </form>,
    );
    const dialog = screen.getByRole("dialog", { name: "Neue Lieferadresse" });
    fuelle(dialog);
    await act(async () => {
      fireEvent.click(speichern(dialog));
    });
    await waitFor(() => expect(onCreated).toHaveBeenCalledTimes(1));
    expect(outerSubmit).not.toHaveBeenCalled();
  });
});
