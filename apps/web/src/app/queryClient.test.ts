import { beforeEach, describe, expect, it } from "vitest";
import { bindCacheToSession, createQueryClient } from "./queryClient.ts";
import { USER_SCOPE } from "./queryScopes.ts";
import { createSession } from "./session.ts";

describe("query cache bound to the session", () => {
  beforeEach(() => window.localStorage.clear());

  function setup() {
    const session = createSession(window.localStorage);
    session.signIn("tok");
    session.selectMandant(1);
    const client = createQueryClient();
    bindCacheToSession(client, session);
    client.setQueryData([USER_SCOPE, "account"], { login: "admin" });
    client.setQueryData(["kunde", 1, "list"], [{ id: 1 }]);
    return { session, client };
  }

  it("drops tenant data but keeps user data on a tenant switch", () => {
    const { session, client } = setup();
    session.selectMandant(2);
    expect(client.getQueryData([USER_SCOPE, "account"])).toEqual({ login: "admin" });
    expect(client.getQueryData(["kunde", 1, "list"])).toBeUndefined();
  });

  it("drops everything on sign-out", () => {
    const { session, client } = setup();
    session.clear();
    expect(client.getQueryCache().getAll()).toHaveLength(0);
  });

  it("drops everything when another user signs in", () => {
    const { session, client } = setup();
    session.signIn("other-token");
    expect(client.getQueryCache().getAll()).toHaveLength(0);
  });
});
