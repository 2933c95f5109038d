import { MantineProvider } from "@mantine/core";
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
import { afterEach, describe, expect, it, vi } from "vitest";
import { session } from "../../app/session.ts";
import { aufraeumen, initTestI18n } from "../../test/komponententest.ts";
import { visible } from "../../test/visible.ts";
import { SettingsPage } from "./SettingsPage.tsx";

afterEach(aufraeumen);

const ACCOUNT = {
  id: 1,
  login: "erika",
  firstName: "Erika",
  lastName: "Muster",
  email: "erika@example.com",
  langKey: "de",
  authorities: ["ROLE_USER"],
  newsread: true,
  selectedMandantId: null,
  is2FaUsed: false,
  timermode: false,
  enablemailtransfer: false,
  signature: null,
  zeiterfassungUserData: null,
};

/** GET account; POST account answers 400 passwordWrong unless the password is "richtig"; bodies recorded. */
function fakeApi() {
  const posts: Record<string, unknown>[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), "http://localhost").pathname.replace(/^\/app\/api\//, "");
      const json = (status: number, body: unknown) =>
        new Response(JSON.stringify(body), {
          status,
          headers: { "content-type": status >= 400 ? "application/problem+json" : "application/json" },
        });
      if (path === "account" && init?.method === "POST") {
        const body = JSON.parse(String(init.body));
        posts.push(body);
        if (body.email !== ACCOUNT.email && body.currentPassword !== "richtig")
          return json(400, {
            status: 400,
            title: "Bad Request",
            code: "error.passwordWrong",
            fieldErrors: [{ field: "currentPassword", code: "invalid" }],
          });
        const { currentPassword: _, ...saved } = body;
        return json(200, { ...ACCOUNT, ...saved });
      }
      if (path === "account") return json(200, ACCOUNT);
      return json(404, { status: 404, title: "Not Found", code: "error.notFound" });
    }),
  );
  return posts;
}

function renderSettings() {
  session.signIn("token");
  const rootRoute = createRootRoute({ component: Outlet });
  const route = createRoute({
    getParentRoute: () => rootRoute,
    path: "settings/$slug",
    component: SettingsPage,
  });
  const router = createRouter({
    routeTree: rootRoute.addChildren([route]),
    history: createMemoryHistory({ initialEntries: ["/settings/erika"] }),
  });
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const TEXTS = {
  de: {
    email: /^E-Mail/,
    password: /^Aktuelles Passwort/,
    passwordLabel: "Aktuelles Passwort",
    save: "Speichern",
    required: "Dieses Feld ist erforderlich.",
    wrong: "Das aktuelle Passwort ist falsch.",
  },
  en: {
    email: /^E-mail/,
    password: /^Current password/,
    passwordLabel: "Current password",
    save: "Save",
    required: "This field is required.",
    wrong: "The current password is wrong.",
  },
} as const;

/**
 * Issue 33: a new e-mail needs the owner to sign in again. The settings form asks for the current password only
 * when the e-mail differs from the saved one, sends it with the new address, and shows a refusal at the input.
 */
describe("settings: a new e-mail asks for the current password", { timeout: 20_000 }, () => {
  it.each([
    "de",
    "en",
  ] as const)("%s: asked only for a new address, required, sent along, refusal shown", async (lng) => {
    const text = TEXTS[lng];
    await initTestI18n(["common", "crud", "errors", "validation", "account"], lng);
    const posts = fakeApi();
    renderSettings();
    const email = (await screen.findByRole("textbox", { name: text.email })) as HTMLInputElement;
    await waitFor(() => expect(email.value).toBe(ACCOUNT.email));
    expect(screen.queryByLabelText(text.password)).toBeNull();

    fireEvent.change(email, { target: { value: "neu@example.com" } });
    const password = screen.getByLabelText(text.password) as HTMLInputElement;
    expect(visible(password)).toBe(true);
    expect(password.getAttribute("autocomplete")).toBe("current-password");

    // Empty: Save names the field and a submit sends nothing.
    const save = screen.getByRole("button", { name: text.save }) as HTMLButtonElement;
    await waitFor(() => expect(save.disabled).toBe(true));
    // The summary beside Save names the input by its label, not by its key.
    const fehlt = document.getElementById("settings-save-fehlt");
    expect(fehlt?.textContent).toContain(text.passwordLabel);
    expect(fehlt?.textContent).not.toContain("currentPassword");
    fireEvent.focus(password);
    fireEvent.blur(password);
    expect(visible(await screen.findByText(text.required))).toBe(true);
    expect(posts).toEqual([]);

    // A wrong password: the server's reason at the input, everything typed kept.
    fireEvent.change(password, { target: { value: "falsch" } });
    await waitFor(() => expect(save.disabled).toBe(false));
    fireEvent.click(save);
    const wrong = await screen.findByText(text.wrong, { selector: ".mantine-InputWrapper-error" });
    expect(visible(wrong)).toBe(true);
    // The message belongs to the input (read out with it), which is marked invalid.
    expect(wrong.id).not.toBe("");
    expect(password.getAttribute("aria-describedby")).toContain(wrong.id);
    expect(password.getAttribute("data-invalid")).toBe("true");
    expect(email.value).toBe("neu@example.com");
    expect(password.value).toBe("falsch");
    expect(posts.at(-1)).toMatchObject({ email: "neu@example.com", currentPassword: "falsch" });

    fireEvent.change(password, { target: { value: "richtig" } });
    fireEvent.click(save);
    await waitFor(() => expect(posts).toHaveLength(2));
    expect(posts[1]).toMatchObject({ email: "neu@example.com", currentPassword: "richtig" });
  });

  it("an unchanged e-mail saves without the password and does not send one", async () => {
    await initTestI18n(["common", "crud", "errors", "validation", "account"], "de");
    const posts = fakeApi();
    renderSettings();
    const first = (await screen.findByRole("textbox", { name: /^Vorname/ })) as HTMLInputElement;
    await waitFor(() => expect(first.value).toBe("Erika"));
    fireEvent.change(first, { target: { value: "Eva" } });
    const save = screen.getByRole("button", { name: "Speichern" }) as HTMLButtonElement;
    await waitFor(() => expect(save.disabled).toBe(false));
    fireEvent.click(save);
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toMatchObject({ firstName: "Eva", email: ACCOUNT.email });
    expect(posts[0]).not.toHaveProperty("currentPassword");
  });
});
