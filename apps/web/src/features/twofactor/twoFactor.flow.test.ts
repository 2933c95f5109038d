import type { TLoginSuccess } from "@kontor/domain/auth/auth.schema";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../app/api.ts";
import { session } from "../../app/session.ts";
import { signIn } from "../login/login.api.ts";
import { submitTwoFactorCode } from "./twoFactor.flow.ts";
import { createPendingTwoFactor, pendingTwoFactor, TOKEN_2FA_KEY } from "./twoFactor.state.ts";

const SUCCESS: TLoginSuccess = {
  accessToken: "full-token",
  friendlyUsername: "Erika Muster",
  authorities: ["ROLE_USER"],
  userId: 7,
};

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": status >= 400 ? "application/problem+json" : "application/json" },
  });
}

describe("the temporary two-factor token", () => {
  beforeEach(() => window.sessionStorage.clear());

  it("lives in sessionStorage, not where the access token lives", () => {
    const pending = createPendingTwoFactor(window.sessionStorage);
    pending.set("tmp-123");
    expect(window.sessionStorage.getItem(TOKEN_2FA_KEY)).toBe("tmp-123");
    expect(window.localStorage.getItem("kontor.token")).toBeNull();
    expect(pending.get()).toBe("tmp-123");
    pending.clear();
    expect(pending.get()).toBeNull();
  });

  it("falls back to memory when the browser refuses storage", () => {
    const refusing = {
      getItem: () => {
        throw new Error("denied");
      },
      setItem: () => {
        throw new Error("denied");
      },
      removeItem: () => {
        throw new Error("denied");
      },
    } as unknown as Storage;
    const pending = createPendingTwoFactor(refusing);
    pending.set("tmp-1");
    expect(pending.get()).toBe("tmp-1");
    pending.clear();
    expect(pending.get()).toBeNull();
  });
});

describe("submitting the code", () => {
  function deps(validate: (token: string, code: string) => Promise<TLoginSuccess>) {
    const pending = createPendingTwoFactor(null);
    const complete = vi.fn(async (_: TLoginSuccess) => undefined);
    return { pending, validate: vi.fn(validate), complete };
  }

  it("without a waiting sign-in asks to sign in first, and calls nobody", async () => {
    const d = deps(async () => SUCCESS);
    expect(await submitTwoFactorCode("123456", d)).toEqual({ kind: "noPending" });
    expect(d.validate).not.toHaveBeenCalled();
  });

  it("a valid code signs in with the full token and forgets the temporary one", async () => {
    const d = deps(async () => SUCCESS);
    d.pending.set("tmp");
    expect(await submitTwoFactorCode("123456", d)).toEqual({ kind: "signedIn" });
    expect(d.validate).toHaveBeenCalledWith("tmp", "123456");
    expect(d.complete).toHaveBeenCalledWith(SUCCESS);
    expect(d.pending.get()).toBeNull();
  });

  it("a wrong code is thrown for the field and keeps the temporary token for the next try", async () => {
    const d = deps(async () => {
      throw new ApiError({ status: 401, code: "error.codeInvalid" });
    });
    d.pending.set("tmp");
    await expect(submitTwoFactorCode("000000", d)).rejects.toMatchObject({ code: "error.codeInvalid" });
    expect(d.pending.get()).toBe("tmp");
    expect(d.complete).not.toHaveBeenCalled();
  });

  it("too many attempts are thrown too (with the wait), the token stays", async () => {
    const d = deps(async () => {
      throw new ApiError({ status: 429, code: "error.tooManyAttempts", retryAfter: 60 });
    });
    d.pending.set("tmp");
    await expect(submitTwoFactorCode("000000", d)).rejects.toMatchObject({ retryAfter: 60 });
    expect(d.pending.get()).toBe("tmp");
  });

  it("an expired temporary token ends the attempt: sign in again", async () => {
    const d = deps(async () => {
      throw new ApiError({ status: 401, code: "error.tokenExpired" });
    });
    d.pending.set("tmp");
    expect(await submitTwoFactorCode("123456", d)).toEqual({ kind: "expired" });
    expect(d.pending.get()).toBeNull();
  });
});

describe("the login's answer", () => {
  beforeEach(() => {
    session.clear();
    pendingTwoFactor.clear();
  });
  afterEach(() => vi.unstubAllGlobals());

  it("forceTokenCheck keeps the temporary token and signs nobody in", async () => {
    const fetch = vi.fn(async () => json({ forceTokenCheck: true, token2Fa: "tmp-abc" }));
    vi.stubGlobal("fetch", fetch);
    expect(await signIn({ usernameOrEmail: "erika", password: "geheim123" })).toEqual({
      kind: "twoFactorRequired",
    });
    expect(pendingTwoFactor.get()).toBe("tmp-abc");
    expect(session.get().token).toBeNull();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("a token signs in at once and drops a stale temporary token", async () => {
    pendingTwoFactor.set("old");
    const account = {
      id: 7,
      login: "erika",
      firstName: "Erika",
      lastName: "Muster",
      email: "erika@example.com",
      langKey: "de",
      authorities: ["ROLE_USER"],
      newsread: false,
      selectedMandantId: null,
      is2FaUsed: false,
      timermode: false,
      enablemailtransfer: false,
      signature: null,
      zeiterfassungUserData: null,
    };
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => {
        if (url.endsWith("auth/login")) return json(SUCCESS);
        if (url.endsWith("mandants/all")) return json([{ id: 3, bezeichnung: "Muster GmbH", aktiv: true }]);
        return json(account);
      }),
    );
    const result = await signIn({ usernameOrEmail: "erika", password: "geheim123" });
    expect(result.kind).toBe("signedIn");
    expect(session.get()).toEqual({ token: "full-token", mandantId: 3 });
    expect(pendingTwoFactor.get()).toBeNull();
  });
});
