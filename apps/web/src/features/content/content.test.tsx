import type { TContentFileZeile, TFolder } from "@kontor/domain/content/content.schema";
import { MantineProvider } from "@mantine/core";
import { Notifications } from "@mantine/notifications";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from "@tanstack/react-router";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../app/api.ts";
import { session } from "../../app/session.ts";
import { aufraeumen, initTestI18n } from "../../test/komponententest.ts";
import { visible } from "../../test/visible.ts";
import { accountKeys } from "../account/account.queries.ts";
import { mandantModulesKeys } from "../mandant/mandantModules.api.ts";
import { ContentFolder } from "./ContentList.tsx";
import { batches, folderOfSlug, formatBytes, refusals, viewPath } from "./content.api.ts";

beforeAll(() => initTestI18n(["common", "crud", "errors", "validation", "content"]));

afterEach(aufraeumen);

describe("helpers", () => {
  it("folder slugs: root, ids, nothing else", () => {
    expect(folderOfSlug("root")).toBeNull();
    expect(folderOfSlug(undefined)).toBeNull();
    expect(folderOfSlug("12")).toBe(12);
    expect(folderOfSlug("0")).toBeUndefined();
    expect(folderOfSlug("abc")).toBeUndefined();
    expect(viewPath(null, 5)).toBe("/content/root/5");
    expect(viewPath(3, "new")).toBe("/content/3/new");
  });

  it("batches: at most 10 files and 30 MB per request", () => {
    const mb = 1024 * 1024;
    const items = (sizes: number[]) => sizes.map((size) => ({ file: { size } }));
    expect(batches(items(Array(12).fill(1))).map((b) => b.length)).toEqual([10, 2]);
    expect(batches(items([20 * mb, 15 * mb, 5 * mb, 1])).map((b) => b.length)).toEqual([1, 3]);
    expect(batches([])).toEqual([]);
  });

  it("refusals: field errors name files by index; other failures refuse the whole batch", () => {
    const perFile = new ApiError({
      status: 400,
      code: "error.validation",
      fieldErrors: [
        { field: "files.1.inhalt", code: "fileType" },
        { field: "files.2.filename", code: "unique" },
      ],
    });
    expect(refusals(perFile, 3)).toEqual([
      { index: 1, code: "fileType" },
      { index: 2, code: "unique" },
    ]);
    expect(refusals(new ApiError({ status: 413, code: "error.payloadTooLarge" }), 2)).toEqual([
      { index: 0, code: "error.payloadTooLarge" },
      { index: 1, code: "error.payloadTooLarge" },
    ]);
  });

  it("sizes in the language's format", () => {
    expect(formatBytes(512, "de")).toBe("512 B");
    expect(formatBytes(1536, "de")).toBe("1,5 KB");
    expect(formatBytes(1536, "en")).toBe("1.5 KB");
    expect(formatBytes(null, "de")).toBe("–");
  });
});

interface Call {
  method: string;
  path: string;
  body: { parent?: number | null; files?: { filename: string }[] } | undefined;
}

let rollen: string[] = [];

function fakeApi(antwort: (call: Call) => { status: number; body: unknown } | undefined) {
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
      if (call.path === "account")
        return Response.json({ id: 5, login: "max", authorities: rollen, langKey: "de" });
      if (call.path === "getmandantmodule") return Response.json({ mandantId: 7, modulList: ["content"] });
      calls.push(call);
      const a = antwort(call) ?? { status: 500, body: { status: 500, title: "x", code: "error.unknown" } };
      return new Response(a.status === 204 ? null : JSON.stringify(a.body), {
        status: a.status,
        headers: { "content-type": a.status >= 400 ? "application/problem+json" : "application/json" },
      });
    }),
  );
  return calls;
}

async function zeigen(inhalt: ReactNode, authorities: string[]) {
  rollen = authorities;
  session.signIn("token");
  session.selectMandant(7);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(accountKeys.current, { id: 5, login: "max", authorities } as never);
  queryClient.setQueryData(mandantModulesKeys.of(7), ["content"] as never);
  const root = createRootRoute({ component: Outlet });
  const router = createRouter({
    routeTree: root.addChildren([
      createRoute({
        getParentRoute: () => root,
        path: "content_list/root",
        component: () => <div data-testid="inhalt">{inhalt}</div>,
      }),
      createRoute({ getParentRoute: () => root, path: "$", component: () => <p>anderswo</p> }),
    ]),
    history: createMemoryHistory({ initialEntries: ["/content_list/root"] }),
  });
  render(
    <QueryClientProvider client={queryClient}>
      <MantineProvider env="test">
        <Notifications />
        <RouterProvider router={router} />
      </MantineProvider>
    </QueryClientProvider>,
  );
  await screen.findByTestId("inhalt");
}

const ORDNER: TFolder = {
  id: 3,
  folderName: "Hörtexte",
  parent: null,
  subfolderCount: 0,
  fileCount: 2,
  lastModifiedDate: "2026-11-02T10:00:00.000Z",
};
const DATEI: TContentFileZeile = {
  id: 9,
  filename: "Ansage.mp3",
  contentFileTyp: "hoerbtext",
  parent: null,
  assetId: 4,
  contentType: "audio/mpeg",
  groesse: 2048,
  hasContent: false,
  createdDate: "2026-11-02T10:00:00.000Z",
  lastModifiedDate: "2026-11-02T10:00:00.000Z",
  lastModifiedBy: "max",
};

const lesen = (call: Call) => {
  if (call.path === "subfolders") return { status: 200, body: [ORDNER] };
  if (call.path === "contentFileInFolder") return { status: 200, body: [DATEI] };
  return undefined;
};

describe("the folder screen", () => {
  it("shows folders and files to a read-only user, without any change button", async () => {
    fakeApi(lesen);
    await zeigen(<ContentFolder folder={null} />, ["ROLE_CONTENT_READONLY"]);
    expect(await screen.findByText("Ansage.mp3")).toBeTruthy();
    expect(screen.getByText(/Hörtexte/)).toBeTruthy();
    expect(screen.getByText("Hörtext")).toBeTruthy();
    expect(await screen.findByText(/Nur lesen/)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Herunterladen: Ansage.mp3" })).toBeTruthy();
    for (const name of ["Neuer Ordner", "Neuer Text", "Dateien hochladen"])
      expect(screen.queryByRole("button", { name })).toBeNull();
    expect(screen.queryByRole("button", { name: /Umbenennen|Verschieben|Löschen/ })).toBeNull();
    expect(screen.queryByTestId("content-dropzone")).toBeNull();
  });

  it("a refused upload names the refused file with the translated reason and sends the rest again without it", async () => {
    let versuch = 0;
    const calls = fakeApi((call) => {
      if (call.method === "PUT" && call.path === "contentfiles") {
        versuch += 1;
        if (versuch === 1)
          return {
            status: 400,
            body: {
              status: 400,
              title: "x",
              code: "error.validation",
              fieldErrors: [{ field: "files.1.inhalt", code: "fileType" }],
            },
          };
        return { status: 200, body: [{ ...DATEI, id: 10, filename: "gut.pdf" }] };
      }
      return lesen(call);
    });
    await zeigen(<ContentFolder folder={null} />, ["ROLE_CONTENT_WRITE"]);
    expect(await screen.findByRole("button", { name: "Neuer Ordner" })).toBeTruthy();
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    const gut = new File(["%PDF-1.4"], "gut.pdf", { type: "application/pdf" });
    const boese = new File(["MZ"], "rechnung.pdf", { type: "application/pdf" });
    fireEvent.change(input, { target: { files: [gut, boese] } });
    expect(await screen.findByText("abgelehnt: Dieser Dateityp ist hier nicht erlaubt.")).toBeTruthy();
    expect(screen.getByText(/nicht gespeichert/)).toBeTruthy();
    expect(screen.getByText(/Nichts aus ihrer Sendung wurde gespeichert/)).toBeTruthy();
    const erste = calls.find((c) => c.path === "contentfiles")!;
    expect(erste.body?.files?.map((f) => f.filename)).toEqual(["gut.pdf", "rechnung.pdf"]);

    fireEvent.click(screen.getByRole("button", { name: "Ohne fehlerhafte Dateien erneut hochladen" }));
    await waitFor(() => expect(screen.getByText("hochgeladen")).toBeTruthy());
    const zweite = calls.filter((c) => c.path === "contentfiles")[1]!;
    expect(zweite.body).toEqual({
      parent: null,
      files: [{ filename: "gut.pdf", inhalt: expect.any(String) }],
    });
    // The refused file stays listed with its reason.
    expect(screen.getByText("rechnung.pdf")).toBeTruthy();
  });

  it("a PDF with too many pages is named with the limit, an encrypted one with its reason (issue 33)", async () => {
    fakeApi((call) =>
      call.method === "PUT" && call.path === "contentfiles"
        ? {
            status: 400,
            body: {
              status: 400,
              title: "x",
              code: "error.validation",
              fieldErrors: [
                { field: "files.0.inhalt", code: "maxPages", max: 1000 },
                { field: "files.1.inhalt", code: "pdfEncrypted" },
              ],
            },
          }
        : lesen(call),
    );
    await zeigen(<ContentFolder folder={null} />, ["ROLE_CONTENT_WRITE"]);
    expect(await screen.findByRole("button", { name: "Neuer Ordner" })).toBeTruthy();
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    const lang = new File(["%PDF-1.4"], "handbuch.pdf", { type: "application/pdf" });
    const geheim = new File(["%PDF-1.4"], "geheim.pdf", { type: "application/pdf" });
    fireEvent.change(input, { target: { files: [lang, geheim] } });
    const seiten = await screen.findByText("abgelehnt: Das PDF hat zu viele Seiten: höchstens 1.000.");
    expect(visible(seiten)).toBe(true);
    expect(
      screen.getByText(
        "abgelehnt: Das PDF ist verschlüsselt oder kennwortgeschützt. Bitte laden Sie eine ungeschützte Fassung hoch.",
      ),
    ).toBeTruthy();
  });

  it("a non-empty folder's refusal is shown translated", async () => {
    fakeApi((call) => {
      if (call.method === "DELETE" && call.path === "folders/3")
        return { status: 409, body: { status: 409, title: "x", code: "error.folderNotEmpty" } };
      return lesen(call);
    });
    await zeigen(<ContentFolder folder={null} />, ["ROLE_CONTENT_WRITE"]);
    fireEvent.click(await screen.findByRole("button", { name: "Löschen: Hörtexte" }));
    fireEvent.click(await screen.findByRole("button", { name: "Löschen" }));
    expect(await screen.findByText(/Der Ordner ist nicht leer/)).toBeTruthy();
  });
});
