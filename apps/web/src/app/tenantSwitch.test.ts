import type { AccessContext } from "@kontor/domain/access/access.rules";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "./api.ts";
import { bindCacheToSession, createQueryClient } from "./queryClient.ts";
import { APP_SCOPE, USER_SCOPE } from "./queryScopes.ts";
import { createSession } from "./session.ts";
import { LAST_KUNDE_KEY, tenantStateKey } from "./tenantState.ts";
import { onTenantSwitch, switchMandant } from "./tenantSwitch.ts";

describe("tenant switch", () => {
  const cleanups: Array<() => void> = [];
  beforeEach(() => {
    window.localStorage.clear();
    window.sessionStorage.clear();
  });
  afterEach(() => {
    for (const cleanup of cleanups.splice(0)) cleanup();
  });

  function setup() {
    const session = createSession(window.localStorage);
    session.signIn("tok");
    session.selectMandant(1);
    const queryClient = createQueryClient();
    cleanups.push(bindCacheToSession(queryClient, session, [window.localStorage, window.sessionStorage]));
    // The user's and the installation's data …
    queryClient.setQueryData([USER_SCOPE, "account"], { login: "admin" });
    queryClient.setQueryData([USER_SCOPE, "mandants"], [{ id: 1 }, { id: 2 }]);
    queryClient.setQueryData([APP_SCOPE, "info"], { environment: "local" });
    // … and the tenant's: documents, customers, articles, catalogue, favorites, modules.
    queryClient.setQueryData(["beleg", 1, "list"], [{ id: 1 }]);
    queryClient.setQueryData(["kunde", "list", { page: 0 }], [{ id: 1 }]);
    queryClient.setQueryData(["artikel", 1], { id: 1 });
    queryClient.setQueryData(["artikelkatalog", 1], []);
    queryClient.setQueryData(["favorite", 1], [{ id: 3 }]);
    queryClient.setQueryData(["mandantModules", 1], ["kassabuch"]);
    // Browser state: tenant filters and the last customer go, the rest stays.
    window.localStorage.setItem(tenantStateKey("filter.kunde"), "{}");
    window.localStorage.setItem(LAST_KUNDE_KEY, "17");
    window.sessionStorage.setItem(tenantStateKey("filter.beleg"), "{}");
    window.localStorage.setItem("kontor.lang", "en");
    window.localStorage.setItem("kontor.newsChecked.7", "2026-03-02");

    const post = vi.fn(async () => undefined);
    const go = vi.fn(async (_path: string) => undefined);
    const warn = vi.fn();
    let path = "/";
    const accessOf = vi.fn(
      async (_mandantId: number): Promise<AccessContext> => ({
        modules: ["rechnungslegung"],
        authorities: ["ROLE_USER"],
      }),
    );
    return {
      session,
      queryClient,
      deps: { session, queryClient, api: { post }, currentPath: () => path, go, accessOf, warn },
      at: (current: string) => {
        path = current;
      },
      post,
      go,
      accessOf,
      warn,
    };
  }

  it("drops every cached tenant answer and keeps user and installation data", async () => {
    const { queryClient, deps } = setup();
    await switchMandant(2, deps);
    const keys = queryClient
      .getQueryCache()
      .getAll()
      .map((query) => query.queryKey);
    expect(keys).toEqual(
      expect.arrayContaining([
        [USER_SCOPE, "account"],
        [USER_SCOPE, "mandants"],
        [APP_SCOPE, "info"],
      ]),
    );
    expect(keys).toHaveLength(3);
  });

  it("clears tenant state in local and session storage, nothing else", async () => {
    const { deps } = setup();
    await switchMandant(2, deps);
    expect(window.localStorage.getItem(tenantStateKey("filter.kunde"))).toBeNull();
    expect(window.localStorage.getItem(LAST_KUNDE_KEY)).toBeNull();
    expect(window.sessionStorage.getItem(tenantStateKey("filter.beleg"))).toBeNull();
    expect(window.localStorage.getItem("kontor.lang")).toBe("en");
    expect(window.localStorage.getItem("kontor.newsChecked.7")).toBe("2026-03-02");
    expect(window.localStorage.getItem("kontor.mandantId")).toBe("2");
  });

  it("tells the server, reloads what is registered for the new tenant, stays home", async () => {
    const { deps, post, go } = setup();
    const modules = vi.fn(async () => undefined);
    const fields = vi.fn(async () => undefined);
    cleanups.push(onTenantSwitch("modules", modules), onTenantSwitch("fieldDefinitions", fields));
    await switchMandant(2, deps);
    expect(post).toHaveBeenCalledWith("selectedMandant", { mandantId: 2 });
    expect(modules).toHaveBeenCalledWith(2, deps.queryClient);
    expect(fields).toHaveBeenCalledWith(2, deps.queryClient);
    expect(go).not.toHaveBeenCalled();
  });

  it("stays on a list the new tenant has", async () => {
    const { deps, go, at, accessOf } = setup();
    at("/beleg_list/");
    await switchMandant(2, deps);
    expect(accessOf).toHaveBeenCalledWith(2);
    expect(go).not.toHaveBeenCalled();
  });

  it("leaves a record of the old tenant for its list at once", async () => {
    const { session, deps, go, at } = setup();
    at("/beleg/17/edit/true/false");
    go.mockImplementationOnce(async () => {
      // The list is the first stop, before the new tenant's modules are known.
      expect(session.get().mandantId).toBe(2);
    });
    await switchMandant(2, deps);
    expect(go.mock.calls).toEqual([["/beleg_list/"]]);
  });

  it("goes home when the new tenant lacks the screen's module", async () => {
    const { deps, go, at, accessOf } = setup();
    at("/kassabuch_list/");
    accessOf.mockResolvedValueOnce({
      modules: ["rechnungslegung"],
      authorities: ["ROLE_USER", "ROLE_KASSABUCH"],
    });
    await switchMandant(2, deps);
    expect(go.mock.calls).toEqual([["/"]]);
  });

  it("goes home when the new tenant's modules cannot be loaded", async () => {
    const { deps, go, at, accessOf, warn } = setup();
    at("/kunde_list/");
    accessOf.mockRejectedValueOnce(new Error("offline"));
    await switchMandant(2, deps);
    expect(go.mock.calls).toEqual([["/"]]);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it("does nothing for the tenant already selected", async () => {
    const { queryClient, deps, post, go } = setup();
    await switchMandant(1, deps);
    expect(post).not.toHaveBeenCalled();
    expect(go).not.toHaveBeenCalled();
    expect(queryClient.getQueryData(["favorite", 1])).toEqual([{ id: 3 }]);
  });

  it("still switches when the server cannot remember the choice or a reload fails", async () => {
    const { session, deps, post, warn } = setup();
    post.mockRejectedValueOnce(new ApiError({ status: 503, code: "error.unavailable" }));
    cleanups.push(onTenantSwitch("modules", async () => Promise.reject(new Error("offline"))));
    await switchMandant(2, deps);
    expect(session.get().mandantId).toBe(2);
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it("also clears the tenant state when another tab switched (storage follows the session)", () => {
    setup();
    window.sessionStorage.setItem(tenantStateKey("filter.artikel"), "{}");
    window.localStorage.setItem("kontor.mandantId", "2");
    window.dispatchEvent(
      new StorageEvent("storage", { key: "kontor.mandantId", storageArea: window.localStorage }),
    );
    expect(window.sessionStorage.getItem(tenantStateKey("filter.artikel"))).toBeNull();
  });
});
