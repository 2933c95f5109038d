import type { TBelegMailEntwurf } from "@kontor/domain/beleg/belegMail.schema";
import { MantineProvider } from "@mantine/core";
import { Notifications } from "@mantine/notifications";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { session } from "../../app/session.ts";
import { aufraeumen, initTestI18n } from "../../test/komponententest.ts";
import { BelegMailDialog } from "./BelegMailDialog.tsx";

beforeAll(() => initTestI18n(["common", "crud", "errors", "validation", "beleg"]));

afterEach(aufraeumen);

interface Call {
  method: string;
  path: string;
  body: unknown;
}
type Answer = { status: number; body?: unknown };

const problem = (status: number, code: string, fieldErrors: unknown[] = []): Answer => ({
  status,
  body: { status, title: "x", code, fieldErrors },
});

const ENTWURF: TBelegMailEntwurf = {
  to: ["office@woelfl.example", "juergen@woelfl.example"],
  cc: [],
  vorschlaege: [
    { email: "office@woelfl.example", name: "Wölfl GmbH" },
    { email: "juergen@woelfl.example", name: "Jürgen Wölfl" },
  ],
  betreff: "Rechnung 2026-00001 von Muster Handels GmbH",
  text: "Sehr geehrte Damen und Herren,\n\nanbei …\n\nMit freundlichen Grüßen",
  signatur: "Anna Admin\nVertrieb",
  absender: "anna@muster.example",
  anhang: { dateiname: "Rechnung 2026-00001.pdf", bytes: 20_480 },
  erechnung: null,
  sprache: "de",
};

/** The API behind the real client (fetch stubbed at the boundary); every call is recorded. */
function fakeApi(senden: (body: unknown) => Answer, entwurf: TBelegMailEntwurf = ENTWURF) {
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
        call.path === "beleg/7/mail"
          ? call.method === "GET"
            ? { status: 200, body: entwurf }
            : senden(call.body)
          : problem(404, "error.notFound");
      if (answer.status === 204 || answer.body === undefined)
        return new Response(null, { status: answer.status });
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { "content-type": answer.status >= 400 ? "application/problem+json" : "application/json" },
      });
    }),
  );
  return calls;
}

function renderDialog(erechnungMoeglich = false) {
  session.signIn("token");
  session.selectMandant(7);
  const onClose = vi.fn();
  render(
    <MantineProvider env="test">
      <Notifications />
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <BelegMailDialog belegId={7} erechnungMoeglich={erechnungMoeglich} onClose={onClose} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return onClose;
}

const dialog = () => screen.findByRole("dialog", { name: "Per E-Mail senden" });
/** The addresses shown as chips of an address list. */
const chips = (d: HTMLElement) =>
  [...d.querySelectorAll(".mantine-TagsInput-pill")].map((pill) => pill.textContent);
const gesendet = (calls: Call[]) => calls.filter((c) => c.method === "POST").map((c) => c.body);

describe("send by mail", { timeout: 30_000 }, () => {
  it("opens prefilled (recipients, subject, text, signature, attachment) and sends what is left in it: 'Mail gesendet'", async () => {
    const calls = fakeApi(() => ({ status: 204 }));
    const onClose = renderDialog();
    const d = await dialog();
    await within(d).findByDisplayValue(ENTWURF.betreff);
    expect(chips(d)).toEqual(["office@woelfl.example", "juergen@woelfl.example"]);
    expect((within(d).getByRole("textbox", { name: /^Nachricht/ }) as HTMLTextAreaElement).value).toBe(
      ENTWURF.text,
    );
    expect(within(d).getByTestId("mail-signatur").textContent).toBe("Anna Admin\nVertrieb");
    expect(within(d).getByTestId("mail-anhang").textContent).toBe("Rechnung 2026-00001.pdf (20 KB)");

    fireEvent.change(within(d).getByRole("textbox", { name: /^Betreff/ }), {
      target: { value: "Ihre Rechnung" },
    });
    fireEvent.click(within(d).getByRole("checkbox", { name: "Kopie an mich (anna@muster.example)" }));
    fireEvent.click(within(d).getByRole("button", { name: "Senden" }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(gesendet(calls)).toEqual([
      {
        to: ["office@woelfl.example", "juergen@woelfl.example"],
        cc: [],
        kopieAnMich: true,
        betreff: "Ihre Rechnung",
        text: ENTWURF.text,
        erechnung: null,
      },
    ]);
    expect(await screen.findByText("Mail gesendet")).toBeTruthy();
  });

  it("offers the customer's e-invoice format, sends it, and lists the broken rules of a refused one", async () => {
    const calls = fakeApi(
      () => ({
        status: 422,
        body: {
          status: 422,
          title: "x",
          code: "error.erechnungUngueltig",
          regeln: [{ regel: "BR-DE-15", bt: "BT-10" }],
        },
      }),
      { ...ENTWURF, erechnung: "xrechnung-cii" },
    );
    renderDialog(true);
    const d = await dialog();
    await within(d).findByDisplayValue("XRechnung (CII)");
    fireEvent.click(within(d).getByRole("button", { name: "Senden" }));
    await within(d).findByTestId("erechnung-regeln");
    expect(gesendet(calls)).toEqual([expect.objectContaining({ erechnung: "xrechnung-cii" })]);
    expect(within(d).getByTestId("erechnung-regeln").textContent).toContain("(BR-DE-15, BT-10)");
    expect(within(d).getByTestId("erechnung-regeln").textContent).toContain("Leitweg");
  });

  it("a failure keeps the dialog with what was typed and the translated reason; sending again works", async () => {
    let mal = 0;
    const calls = fakeApi(() =>
      ++mal === 1 ? problem(503, "error.mailServerUnreachable") : { status: 204 },
    );
    const onClose = renderDialog();
    const d = await dialog();
    const betreff = await within(d).findByRole("textbox", { name: /^Betreff/ });
    fireEvent.change(betreff, { target: { value: "Geändert" } });
    fireEvent.click(within(d).getByRole("button", { name: "Senden" }));

    const alert = await within(d).findByRole("alert");
    expect(alert.textContent).toContain("Mail nicht gesendet");
    expect(alert.textContent).toContain("Der Mailserver ist nicht erreichbar.");
    expect(onClose).not.toHaveBeenCalled();
    expect((betreff as HTMLInputElement).value).toBe("Geändert");

    fireEvent.click(within(d).getByRole("button", { name: "Senden" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(gesendet(calls)).toHaveLength(2);
    expect((gesendet(calls)[1] as { betreff: string }).betreff).toBe("Geändert");
  });

  it("an invalid address is named at its list and nothing is sent", async () => {
    const calls = fakeApi(() => ({ status: 204 }));
    renderDialog();
    const d = await dialog();
    const cc = (await within(d).findAllByLabelText(/^Cc/)).find((el) => el.tagName === "INPUT")!;
    // Typed (Mantine takes input only from the focused field), then the field is left.
    act(() => cc.focus());
    fireEvent.change(cc, { target: { value: "kaputt@" } });
    fireEvent.blur(cc);
    await waitFor(() => expect(chips(d)).toContain("kaputt@"));
    // Sending is off, and the row above the buttons names the list; its link shows the message at the list.
    const senden = within(d).getByRole("button", { name: "Senden" }) as HTMLButtonElement;
    await waitFor(() => expect(senden.disabled).toBe(true));
    fireEvent.click(senden);
    const hint = within(d).getByText(/Zum Senden fehlt oder ist ungültig:/);
    fireEvent.click(within(hint).getByRole("button", { name: /^Cc/ }));
    expect(await within(d).findByText("Keine gültige E-Mail-Adresse: kaputt@")).toBeTruthy();
    expect(gesendet(calls)).toEqual([]);
  });

  it("refused by the mail server while the others got it: only the refused addresses are left, marked", async () => {
    fakeApi(() => problem(502, "error.mailPartlySent", [{ field: "to.1", code: "rejected" }]));
    const onClose = renderDialog();
    const d = await dialog();
    await within(d).findByDisplayValue(ENTWURF.betreff);
    fireEvent.click(within(d).getByRole("button", { name: "Senden" }));

    expect(await within(d).findByText("Vom Mailserver abgelehnt: juergen@woelfl.example")).toBeTruthy();
    expect(within(d).getByRole("alert").textContent).toContain("an die übrigen Empfänger gesendet");
    expect(chips(d)).toEqual(["juergen@woelfl.example"]);
    expect(onClose).not.toHaveBeenCalled();
  });
});
