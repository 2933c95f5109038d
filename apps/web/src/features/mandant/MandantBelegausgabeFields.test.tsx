import { MANDANT_LOGO_MAX_BYTES } from "@kontor/domain/mandant/mandantLogo.schema";
import { MantineProvider } from "@mantine/core";
import { useForm } from "@mantine/form";
import { Notifications } from "@mantine/notifications";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { session } from "../../app/session.ts";
import { aufraeumen, initTestI18n } from "../../test/komponententest.ts";
import { visible } from "../../test/visible.ts";
import MandantBelegausgabeFields from "./MandantBelegausgabeFields.tsx";
import { emptyMandant, type MandantFormValues, toPayload } from "./mandant.form.ts";
import { logoFehler } from "./mandant.logo.ts";

vi.mock("@tanstack/react-router", () => ({
  useNavigate: () => vi.fn(),
  useLocation: () => ({ href: "/app/mandant/7" }),
}));

beforeAll(() => initTestI18n(["common", "crud", "errors", "validation", "mandant", "mandantausgabe"]));

afterEach(aufraeumen);

interface Call {
  method: string;
  path: string;
  mandant: string | null;
  body: unknown;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const png = (name = "logo.png") => new File([new Uint8Array([...PNG_SIGNATURE, 1, 2, 3, 4])], name);

/**
 * The API behind the real client (fetch stubbed at the boundary): the user's tenants, and a logo store for tenant
 * 7 whose PUT answers `putAnswer` (a 400 problem, or the stored size).
 */
function fakeApi(
  options: { tenants?: unknown[]; logo?: boolean; putAnswer?: { status: number; body: unknown } } = {},
) {
  const calls: Call[] = [];
  let logo = options.logo ?? false;
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), {
      status,
      headers: { "content-type": status >= 400 ? "application/problem+json" : "application/json" },
    });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), "http://localhost");
      const headers = new Headers(init?.headers);
      const call: Call = {
        method: init?.method ?? "GET",
        path: url.pathname.replace(/^\/app\/api\//, ""),
        mandant: headers.get("X-Mandant-Id"),
        body: typeof init?.body === "string" ? JSON.parse(init.body) : undefined,
      };
      calls.push(call);
      if (call.path === "mandants/all")
        return json(
          200,
          options.tenants ?? [{ id: 7, bezeichnung: "Muster GmbH", aktiv: true, kleinunternehmer: false }],
        );
      if (call.path !== "mandants/logo")
        return json(404, { status: 404, title: "x", code: "error.notFound" });
      if (call.method === "GET")
        return logo
          ? new Response(new Uint8Array(PNG_SIGNATURE), {
              status: 200,
              headers: { "content-type": "image/png" },
            })
          : json(404, { status: 404, title: "x", code: "error.notFound" });
      if (call.method === "DELETE") {
        logo = false;
        return new Response(null, { status: 204 });
      }
      const answer = options.putAnswer ?? {
        status: 200,
        body: { breite: 640, hoehe: 200, groesse: 5120, geaendertAm: "2026-01-01T00:00:00.000Z" },
      };
      if (answer.status === 200) logo = true;
      return json(answer.status, answer.body);
    }),
  );
  return calls;
}

function Harness({
  values,
  onSubmit,
}: {
  values: Partial<MandantFormValues>;
  onSubmit: (values: MandantFormValues) => void;
}) {
  const form = useForm<MandantFormValues>({
    mode: "controlled",
    initialValues: { ...emptyMandant(), ...values },
    validate: () => ({}),
  });
  return (
    <form onSubmit={form.onSubmit(onSubmit)}>
      <MandantBelegausgabeFields form={form} />
      <button type="submit">Speichern</button>
    </form>
  );
}

function renderSection(values: Partial<MandantFormValues>) {
  session.signIn("token");
  session.selectMandant(3);
  const onSubmit = vi.fn();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <MantineProvider env="test">
      <Notifications />
      <QueryClientProvider client={queryClient}>
        <Harness values={values} onSubmit={onSubmit} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  const fileInput = () => view.container.querySelector('input[type="file"]') as HTMLInputElement;
  const pick = (file: File) => fireEvent.change(fileInput(), { target: { files: [file] } });
  return { onSubmit, pick, fileInput };
}

describe("tenant form: document output", { timeout: 20_000 }, () => {
  it("edits layout, address window and footer as form fields", async () => {
    fakeApi();
    const { onSubmit } = renderSection({ id: 7, bezeichnung: "Muster GmbH" });
    // The input (the listbox carries the same label).
    const layout = screen
      .getAllByLabelText("Layout der Beleg-PDFs")
      .find((element) => element.tagName === "INPUT") as HTMLInputElement;
    expect(layout.value).toBe("Standard");
    const formB = screen.getByRole("radio", { name: /^Form B/ }) as HTMLInputElement;
    expect(formB.checked).toBe(true);
    fireEvent.click(screen.getByRole("radio", { name: /^Form A/ }));
    fireEvent.change(screen.getByRole("textbox", { name: "Fußzeile" }), {
      target: { value: "Geschäftsführer: Max Muster · FN 123456a" },
    });
    fireEvent.click(layout);
    fireEvent.click(await screen.findByRole("option", { name: "Modern" }));
    fireEvent.click(screen.getByRole("button", { name: "Speichern" }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    const sent = toPayload(onSubmit.mock.calls[0]![0] as MandantFormValues);
    expect(sent).toMatchObject({
      pdfLayout: "modern",
      fensterkuvert: "A",
      pdfFusszeile: "Geschäftsführer: Max Muster · FN 123456a",
    });
  });

  it("uploads a logo for the edited tenant (its id in X-Mandant-Id) and shows the preview", async () => {
    const calls = fakeApi();
    const { pick } = renderSection({ id: 7, bezeichnung: "Muster GmbH" });
    expect(visible(await screen.findByText("Noch kein Logo hochgeladen."))).toBe(true);
    pick(png());
    expect(visible(await screen.findByRole("img", { name: "Aktuelles Logo" }))).toBe(true);
    expect(visible(screen.getByText("Logo gespeichert"))).toBe(true);
    const put = calls.find((call) => call.method === "PUT");
    expect(put).toEqual({
      method: "PUT",
      path: "mandants/logo",
      mandant: "7",
      body: { inhalt: btoa(String.fromCharCode(...PNG_SIGNATURE, 1, 2, 3, 4)) },
    });
    expect(calls.filter((call) => call.path === "mandants/logo").every((call) => call.mandant === "7")).toBe(
      true,
    );
    expect(screen.getByRole("button", { name: "Logo ersetzen" })).toBeTruthy();
  });

  it("refuses a text file named .png in the browser, and shows the server's reason for a broken picture", async () => {
    const calls = fakeApi({
      putAnswer: {
        status: 400,
        body: {
          status: 400,
          title: "x",
          code: "error.validation",
          fieldErrors: [{ field: "inhalt", code: "imageInvalid" }],
        },
      },
    });
    const { pick } = renderSection({ id: 7, bezeichnung: "Muster GmbH" });
    await screen.findByText("Noch kein Logo hochgeladen.");
    pick(new File(["nur Text"], "logo.png", { type: "image/png" }));
    expect(visible(await screen.findByText("„logo.png“ ist kein PNG- oder JPEG-Bild."))).toBe(true);
    expect(calls.some((call) => call.method === "PUT")).toBe(false);

    pick(png("kaputt.png"));
    expect(
      visible(
        await screen.findByText(
          "Das Bild kann nicht gelesen werden: Es ist beschädigt oder hat zu viele Pixel.",
        ),
      ),
    ).toBe(true);
    expect(screen.getByRole("alert")).toBeTruthy();
  });

  it("removes the logo after asking", async () => {
    const calls = fakeApi({ logo: true });
    renderSection({ id: 7, bezeichnung: "Muster GmbH" });
    await screen.findByRole("img", { name: "Aktuelles Logo" });
    fireEvent.click(screen.getByRole("button", { name: "Logo entfernen" }));
    const dialog = await screen.findByRole("dialog", { name: "Logo entfernen?" });
    expect(dialog.textContent).toContain("Belege von „Muster GmbH“ werden danach ohne Logo gedruckt.");
    fireEvent.click(
      [...dialog.querySelectorAll("button")].find((button) => button.textContent === "Logo entfernen")!,
    );
    expect(visible(await screen.findByText("Noch kein Logo hochgeladen."))).toBe(true);
    expect(calls.find((call) => call.method === "DELETE")).toMatchObject({
      path: "mandants/logo",
      mandant: "7",
    });
  });

  it("explains why there is no upload: a new tenant, a tenant the user is no member of, a deactivated one", async () => {
    fakeApi();
    renderSection({ bezeichnung: "Neu" });
    expect(
      visible(screen.getByText("Das Logo kann hochgeladen werden, sobald der Mandant gespeichert ist.")),
    ).toBe(true);
    cleanup();
    const calls = fakeApi({
      tenants: [{ id: 3, bezeichnung: "Andere", aktiv: true, kleinunternehmer: false }],
    });
    renderSection({ id: 7, bezeichnung: "Fremd" });
    expect(visible(await screen.findByText(/Das Logo ändern nur Mitglieder dieses Mandanten/))).toBe(true);
    expect(calls.some((call) => call.path === "mandants/logo")).toBe(false);
    cleanup();
    fakeApi({ tenants: [{ id: 7, bezeichnung: "Alt", aktiv: false, kleinunternehmer: false }] });
    renderSection({ id: 7, bezeichnung: "Alt" });
    expect(
      visible(await screen.findByText("Das Logo eines deaktivierten Mandanten kann nicht geändert werden.")),
    ).toBe(true);
    expect(screen.queryByRole("button", { name: "Logo hochladen" })).toBeNull();
  });
});

describe("logoFehler", () => {
  const bytes = (...values: number[]) => new Uint8Array(values);
  it.each([
    [{ size: 0 }, bytes(), "empty"],
    [{ size: MANDANT_LOGO_MAX_BYTES + 1 }, bytes(...PNG_SIGNATURE), "tooLarge"],
    [{ size: 12 }, bytes(0x25, 0x50, 0x44, 0x46, 0x2d), "notImage"],
    [{ size: 12 }, bytes(0x47, 0x49, 0x46, 0x38, 0x39, 0x61), "notImage"],
    [{ size: 12 }, bytes(...PNG_SIGNATURE), null],
    [{ size: MANDANT_LOGO_MAX_BYTES }, bytes(0xff, 0xd8, 0xff, 0xe0), null],
  ] as const)("%o %o → %s", (datei, anfang, erwartet) => {
    expect(logoFehler(datei, anfang)).toBe(erwartet);
  });
});
