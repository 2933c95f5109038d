import { MantineProvider } from "@mantine/core";
import { useForm } from "@mantine/form";
import { Notifications } from "@mantine/notifications";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import i18next from "i18next";
import { useEffect } from "react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { session } from "../../app/session.ts";
import { aufraeumen, initTestI18n } from "../../test/komponententest.ts";
import { visible } from "../../test/visible.ts";
import MandantBenutzerFields from "./MandantBenutzerFields.tsx";
import { emptyMandant, type MandantFormValues } from "./mandant.form.ts";

beforeAll(() => initTestI18n(["common", "crud", "errors", "validation", "mandant"]));

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

/** Local times, so "DD.MM.YYYY HH:mm" holds in any time zone of the test run. */
const PENDING = [
  {
    id: 31,
    email: "eva@example.com",
    invitedBy: "admin",
    createdAt: new Date(2025, 2, 3, 9, 15).toISOString(),
    expiresAt: new Date(2025, 2, 10, 9, 15).toISOString(),
  },
];

/** The API behind the real client (fetch stubbed at the boundary); every call is recorded. */
function fakeApi(handle: (call: Call) => Answer | undefined) {
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
      const answer = handle(call) ?? problem(404, "error.notFound");
      if (answer.status === 204 || answer.body === undefined)
        return new Response(null, { status: answer.status });
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: {
          "content-type": answer.status >= 400 ? "application/problem+json" : "application/json",
        },
      });
    }),
  );
  return calls;
}

/** The members section inside a tenant form, as the tenant edit has it; `errors` as a failed save left them. */
function Harness({
  values,
  errors = {},
  onSubmit,
}: {
  values: Partial<MandantFormValues>;
  errors?: Record<string, string>;
  onSubmit: () => void;
}) {
  const form = useForm<MandantFormValues>({
    mode: "controlled",
    initialValues: { ...emptyMandant(), ...values },
    validate: () => ({}),
  });
  const { setErrors } = form;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, like a save's answer
  useEffect(() => setErrors(errors), []);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <MandantBenutzerFields form={form} />
    </form>
  );
}

function renderSection(values: Partial<MandantFormValues>, errors?: Record<string, string>) {
  session.signIn("token");
  const onSubmit = vi.fn();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider env="test">
      <Notifications />
      <QueryClientProvider client={queryClient}>
        <Harness values={values} errors={errors} onSubmit={onSubmit} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { onSubmit };
}

const emailInput = () => screen.getByLabelText("E-Mail-Adresse") as HTMLInputElement;

describe("tenant members: invitations", { timeout: 20_000 }, () => {
  it("lists the pending invitations and invites by Enter without saving the tenant", async () => {
    let pending = PENDING;
    const calls = fakeApi((call) => {
      if (call.method === "GET" && call.path === "mandants/7/einladungen")
        return { status: 200, body: pending };
      if (call.method === "POST" && call.path === "mandants/7/einladungen") {
        const sent = {
          id: 32,
          email: "neu@example.com",
          invitedBy: "admin",
          createdAt: new Date(2025, 2, 4, 10, 0).toISOString(),
          expiresAt: new Date(2025, 2, 11, 10, 0).toISOString(),
        };
        pending = [...pending, sent];
        return { status: 201, body: sent };
      }
      return undefined;
    });
    const { onSubmit } = renderSection({ id: 7 });

    expect(
      visible(
        screen.getByText(
          /Alle anderen laden Sie unten per E-Mail ein: Sie erhalten einen Link, der 7 Tage gilt/,
        ),
      ),
    ).toBe(true);
    const table = await screen.findByRole("table", { name: "Offene Einladungen" });
    const rows = () =>
      within(table)
        .getAllByRole("row")
        .map((row) => [...row.querySelectorAll("th, td")].map((cell) => cell.textContent));
    expect(rows()).toEqual([
      ["Adresse", "Eingeladen von", "Gesendet am", "Gültig bis", ""],
      ["eva@example.com", "admin", "03.03.2025 09:15", "10.03.2025 09:15", ""],
    ]);

    fireEvent.change(emailInput(), { target: { value: " Neu@Example.com " } });
    fireEvent.keyDown(emailInput(), { key: "Enter" });
    expect(visible(await screen.findByText("Einladung an neu@example.com gesendet"))).toBe(true);
    expect(calls.find((call) => call.method === "POST")?.body).toEqual({
      email: "neu@example.com",
      langKey: "de",
    });
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(rows()[2]).toEqual(["neu@example.com", "admin", "04.03.2025 10:00", "11.03.2025 10:00", ""]);
    expect(emailInput().value).toBe("");
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("checks the address first and shows the server's field error at the input", async () => {
    const calls = fakeApi((call) => {
      if (call.method === "GET") return { status: 200, body: [] };
      return problem(400, "error.validation", [{ field: "email", code: "email" }]);
    });
    renderSection({ id: 7 });
    expect(visible(await screen.findByText("Keine offenen Einladungen."))).toBe(true);

    fireEvent.change(emailInput(), { target: { value: "kein-at" } });
    fireEvent.click(screen.getByRole("button", { name: "Einladen" }));
    expect(emailInput().getAttribute("aria-invalid")).toBe("true");
    expect(calls.some((call) => call.method === "POST")).toBe(false);

    fireEvent.change(emailInput(), { target: { value: "jemand@example.com" } });
    expect(emailInput().getAttribute("aria-invalid")).not.toBe("true");
    fireEvent.click(screen.getByRole("button", { name: "Einladen" }));
    await waitFor(() => expect(emailInput().getAttribute("aria-invalid")).toBe("true"));
    expect(calls.filter((call) => call.method === "POST")).toHaveLength(1);
    expect(emailInput().value).toBe("jemand@example.com");
  });

  it("says so when the tenant invited too many in the last hour (429)", async () => {
    fakeApi((call) =>
      call.method === "GET" ? { status: 200, body: [] } : problem(429, "error.tooManyAttempts"),
    );
    renderSection({ id: 7 });
    fireEvent.change(emailInput(), { target: { value: "jemand@example.com" } });
    fireEvent.click(screen.getByRole("button", { name: "Einladen" }));
    expect(
      visible(
        await screen.findByText(
          "Für diesen Mandanten wurden in der letzten Stunde zu viele Einladungen verschickt. Bitte versuchen Sie es später erneut.",
        ),
      ),
    ).toBe(true);
    expect(visible(screen.getByText("Einladen fehlgeschlagen!"))).toBe(true);
  });

  it("withdraws an invitation after asking", async () => {
    let pending = PENDING;
    const calls = fakeApi((call) => {
      if (call.method === "GET") return { status: 200, body: pending };
      if (call.method === "DELETE" && call.path === "mandants/7/einladungen/31") {
        pending = [];
        return { status: 204 };
      }
      return undefined;
    });
    renderSection({ id: 7 });
    fireEvent.click(await screen.findByRole("button", { name: "Einladung an eva@example.com zurückziehen" }));
    const dialog = await screen.findByRole("dialog", { name: "Einladung zurückziehen?" });
    expect(dialog.textContent).toContain(
      "Der Link in der E-Mail an eva@example.com funktioniert dann nicht mehr.",
    );
    fireEvent.click(within(dialog).getByRole("button", { name: "Zurückziehen" }));
    expect(visible(await screen.findByText("Keine offenen Einladungen."))).toBe(true);
    expect(calls.filter((call) => call.method === "DELETE")).toHaveLength(1);
  });

  it("on a tenant not saved yet: no invitations, a hint when they become possible", async () => {
    const calls = fakeApi(() => undefined);
    renderSection({});
    expect(
      visible(
        screen.getByText(
          "Benutzer Ihrer Mandanten fügen Sie über die Suche hinzu. Personen von außerhalb laden Sie per E-Mail ein, sobald der Mandant gespeichert ist.",
        ),
      ),
    ).toBe(true);
    expect(screen.queryByLabelText("E-Mail-Adresse")).toBeNull();
    expect(calls).toHaveLength(0);
  });

  it("marks a member the server refused (userLists.N.id) with the reason", async () => {
    fakeApi((call) => (call.method === "GET" ? { status: 200, body: [] } : undefined));
    renderSection(
      {
        id: 7,
        userLists: [
          { id: 1, login: "anna", firstName: "Anna", lastName: "Alt" },
          { id: 99, login: "fremd", firstName: null, lastName: null },
        ],
      },
      { "userLists.1.id": i18next.t("invalid", { ns: "validation" }) },
    );
    const members = screen.getByRole("table", { name: "Benutzer" });
    const rows = within(members).getAllByRole("row");
    expect(rows[1]?.textContent).toBe("Anna Altanna");
    expect(within(rows[2] as HTMLElement).getByRole("alert").textContent).toBe(
      "Gehört keinem Ihrer Mandanten an. Personen von außerhalb laden Sie per E-Mail ein.",
    );
  });
});
