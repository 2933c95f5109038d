import { todayIso } from "@kontor/domain/date/calendar";
import type { TNote } from "@kontor/domain/note/note.schema";
import { MantineProvider } from "@mantine/core";
import { Notifications } from "@mantine/notifications";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import i18next from "i18next";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { session } from "../../app/session.ts";
import { aufraeumen, initTestI18n } from "../../test/komponententest.ts";
import { Notizen, notizFehler } from "./Notizen.tsx";

beforeAll(() => initTestI18n(["common", "errors", "validation", "home"]));

afterEach(async () => {
  aufraeumen();
  await i18next.changeLanguage("de");
});

interface Call {
  method: string;
  path: string;
  body: unknown;
}
type Antwort = { status: number; body: unknown; total?: number };

/** The API behind the real client (fetch stubbed): `antwort` answers by method and path (with query). */
function fakeApi(antwort: (call: Call) => Antwort | undefined) {
  const calls: Call[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), "http://localhost");
      const call: Call = {
        method: init?.method ?? "GET",
        path: url.pathname.replace(/^\/app\/api\//, "") + url.search,
        body: typeof init?.body === "string" ? JSON.parse(init.body) : undefined,
      };
      calls.push(call);
      const a = antwort(call) ?? { status: 500, body: { status: 500, title: "x", code: "error.unknown" } };
      return new Response(a.status === 204 ? null : JSON.stringify(a.body), {
        status: a.status,
        headers: {
          "content-type": a.status >= 400 ? "application/problem+json" : "application/json",
          ...(a.total !== undefined ? { "x-total-count": String(a.total) } : {}),
        },
      });
    }),
  );
  return calls;
}

const note = (id: number, datum: string, text: string): TNote => ({
  id,
  datum,
  text,
  user: { id: 5, login: "max" },
});

/** Two notes of five, newest first, as GET usernotes answers them. */
const ZWEI = [note(2, "2026-11-20", "Steuerberater anrufen"), note(1, "2026-11-03", "Angebot\nnachfassen")];

function zeigen() {
  session.signIn("token");
  session.selectMandant(7);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MantineProvider env="test">
        <Notifications />
        <Notizen />
      </MantineProvider>
    </QueryClientProvider>,
  );
}

const liste = () => screen.findByRole("list", { name: "Meine Notizen, neueste zuerst" });
const neu = () => screen.getByRole("form", { name: "Neue Notiz" });

describe("notes tile (issue 23)", () => {
  it("shows the user's notes newest first, and more on demand", async () => {
    const calls = fakeApi((call) =>
      call.method === "GET" && call.path.startsWith("usernotes")
        ? { status: 200, body: ZWEI, total: 7 }
        : undefined,
    );
    zeigen();
    const items = within(await liste()).getAllByRole("listitem");
    expect(items.map((li) => li.textContent)).toEqual([
      "20.11.2026Steuerberater anrufen",
      "03.11.2026Angebot\nnachfassen",
    ]);
    expect(calls[0]?.path).toBe("usernotes?page=0&size=5");
    fireEvent.click(screen.getByRole("button", { name: "Weitere Notizen anzeigen" }));
    await waitFor(() => expect(calls.at(-1)?.path).toBe("usernotes?page=0&size=15"));
  });

  it("says so when there are no notes", async () => {
    fakeApi(() => ({ status: 200, body: [], total: 0 }));
    zeigen();
    expect(await screen.findByText(/Noch keine Notizen/)).toBeTruthy();
  });

  it("adds a note with today's date; the text is cleared, the list read again", async () => {
    let gespeichert: TNote[] = [];
    const calls = fakeApi((call) => {
      if (call.method === "GET") return { status: 200, body: gespeichert, total: gespeichert.length };
      if (call.method === "PUT" && call.path === "note") {
        const body = call.body as { datum: string; text: string };
        gespeichert = [note(9, body.datum, body.text.trim())];
        return { status: 200, body: gespeichert[0] };
      }
      return undefined;
    });
    zeigen();
    await screen.findByText(/Noch keine Notizen/);
    const [tag, monat, jahr] = todayIso().split("-").reverse();
    expect((within(neu()).getByLabelText("Datum") as HTMLInputElement).value).toBe(`${tag}.${monat}.${jahr}`);
    fireEvent.change(within(neu()).getByLabelText("Notiz"), { target: { value: "Reifen bestellen" } });
    fireEvent.click(within(neu()).getByRole("button", { name: "Hinzufügen" }));
    await within(await liste()).findByText("Reifen bestellen");
    expect(calls.find((c) => c.method === "PUT")?.body).toEqual({
      datum: todayIso(),
      text: "Reifen bestellen",
    });
    expect((within(neu()).getByLabelText("Notiz") as HTMLTextAreaElement).value).toBe("");
    expect(await screen.findByText("Notiz hinzugefügt")).toBeTruthy();
  });

  it("an empty or too long text is refused at the field before any call, the input kept", async () => {
    const calls = fakeApi(() => ({ status: 200, body: [], total: 0 }));
    zeigen();
    await screen.findByText(/Noch keine Notizen/);
    fireEvent.click(within(neu()).getByRole("button", { name: "Hinzufügen" }));
    expect(await within(neu()).findByText("Dieses Feld ist erforderlich.")).toBeTruthy();
    const lang = "x".repeat(2001);
    fireEvent.change(within(neu()).getByLabelText("Notiz"), { target: { value: lang } });
    fireEvent.click(within(neu()).getByRole("button", { name: "Hinzufügen" }));
    expect(await within(neu()).findByText("Bitte höchstens 2000 Zeichen eingeben.")).toBeTruthy();
    expect((within(neu()).getByLabelText("Notiz") as HTMLTextAreaElement).value).toBe(lang);
    expect(calls.filter((c) => c.method === "PUT")).toEqual([]);
  });

  it("a field error of the server shows at its field and keeps the input", async () => {
    fakeApi((call) =>
      call.method === "PUT"
        ? {
            status: 400,
            body: {
              status: 400,
              title: "x",
              code: "error.validation",
              fieldErrors: [{ field: "datum", code: "dateRange", min: 1900, max: 2199 }],
            },
          }
        : { status: 200, body: [], total: 0 },
    );
    zeigen();
    await screen.findByText(/Noch keine Notizen/);
    fireEvent.change(within(neu()).getByLabelText("Notiz"), { target: { value: "Alter Termin" } });
    fireEvent.click(within(neu()).getByRole("button", { name: "Hinzufügen" }));
    expect(await within(neu()).findByText("Das Datum muss zwischen 1900 und 2199 liegen.")).toBeTruthy();
    expect((within(neu()).getByLabelText("Notiz") as HTMLTextAreaElement).value).toBe("Alter Termin");
  });

  it("edits a note in place", async () => {
    const calls = fakeApi((call) =>
      call.method === "PUT"
        ? { status: 200, body: { ...ZWEI[0], ...(call.body as object) } }
        : { status: 200, body: ZWEI, total: 2 },
    );
    zeigen();
    await liste();
    fireEvent.click(screen.getByRole("button", { name: "Notiz vom 20.11.2026 bearbeiten" }));
    const form = screen.getByRole("form", { name: "Notiz vom 20.11.2026 bearbeiten" });
    const text = within(form).getByLabelText("Notiz") as HTMLTextAreaElement;
    expect(text.value).toBe("Steuerberater anrufen");
    fireEvent.change(text, { target: { value: "Steuerberater anrufen (erledigt)" } });
    fireEvent.click(within(form).getByRole("button", { name: "Speichern" }));
    await waitFor(() =>
      expect(screen.queryByRole("form", { name: "Notiz vom 20.11.2026 bearbeiten" })).toBeNull(),
    );
    expect(calls.find((c) => c.method === "PUT")?.body).toEqual({
      id: 2,
      datum: "2026-11-20",
      text: "Steuerberater anrufen (erledigt)",
    });
  });

  it("deletes a note and brings it back with undo", async () => {
    const calls = fakeApi((call) => {
      if (call.method === "DELETE") return { status: 204, body: null };
      if (call.method === "PUT")
        return { status: 200, body: note(10, "2026-11-20", "Steuerberater anrufen") };
      return { status: 200, body: ZWEI, total: 2 };
    });
    zeigen();
    await liste();
    fireEvent.click(screen.getByRole("button", { name: "Notiz vom 20.11.2026 löschen" }));
    const status = await screen.findByTestId("notiz-geloescht");
    expect(status.textContent).toContain("Notiz vom 20.11.2026 gelöscht.");
    expect(calls.find((c) => c.method === "DELETE")?.path).toBe("note/2");
    fireEvent.click(within(status).getByRole("button", { name: "Rückgängig" }));
    await waitFor(() => expect(screen.queryByTestId("notiz-geloescht")).toBeNull());
    expect(calls.find((c) => c.method === "PUT")?.body).toEqual({
      datum: "2026-11-20",
      text: "Steuerberater anrufen",
    });
  });
});

describe("the form's own check", () => {
  it("names the same field codes as the contract", () => {
    expect(notizFehler({ datum: "2026-11-20", text: " x " })).toEqual({});
    expect(Object.keys(notizFehler({ datum: "", text: "" }))).toEqual(["datum", "text"]);
    expect(Object.keys(notizFehler({ datum: "31.02.2026", text: "x" }))).toEqual(["datum"]);
    expect(Object.keys(notizFehler({ datum: "2026-11-20", text: "x".repeat(2001) }))).toEqual(["text"]);
    expect(notizFehler({ datum: "2026-11-20", text: ` ${"x".repeat(2000)} ` })).toEqual({});
  });
});
