import type { TAuthority, TModul } from "@kontor/domain/access/access.schema";
import type {
  TKassabuch,
  TKassabuchEintrag,
  TKassabuchEintragNeuInput,
} from "@kontor/domain/kassabuch/kassabuch.schema";
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { mandant } from "../../db/schema/index.ts";
import { call, createTenantUser, login, type TestApp } from "../../test/helpers.ts";
import type { Caller } from "../kunde/kunde.testing.ts";

/** A tenant with the cash book (and invoicing), one member with the given roles; its cash settings. */
export async function kassaMandant(
  t: TestApp,
  options: {
    authorities?: TAuthority[];
    modules?: TModul[];
    kassaBetrag?: number | null;
    kassaStartdatum?: string | null;
    kassaStartZeroYear?: boolean;
  } = {},
): Promise<Caller & { userId: number; login: string }> {
  const user = await createTenantUser(t, {
    authorities: options.authorities ?? ["ROLE_USER", "ROLE_KASSABUCH", "ROLE_KASSABUCH_ADMIN"],
    modules: options.modules ?? ["kassabuch", "rechnungslegung"],
  });
  await t.db
    .update(mandant)
    .set({
      kassaBetrag: options.kassaBetrag === undefined ? 100 : options.kassaBetrag,
      kassaStartdatum: options.kassaStartdatum === undefined ? "2025-01-01" : options.kassaStartdatum,
      kassaStartZeroYear: options.kassaStartZeroYear ?? false,
    })
    .where(eq(mandant.id, user.mandantId));
  return { token: await login(t, user), mandantId: user.mandantId, userId: user.userId, login: user.login };
}

export const eintrag = (over: Partial<TKassabuchEintragNeuInput> = {}): TKassabuchEintragNeuInput => ({
  date: "2025-03-01",
  text: "Porto",
  typ: "ausgabe",
  betrag: 10,
  ...over,
});

/** PUT kassabuch; the raw answer. */
export const buche = (t: TestApp, who: Caller, over: Partial<TKassabuchEintragNeuInput> | object = {}) =>
  call(t, { method: "PUT", url: "/app/api/kassabuch", ...who, payload: eintrag(over) });

/** PUT kassabuch that must succeed; the entry. */
export async function gebucht(
  t: TestApp,
  who: Caller,
  over: Partial<TKassabuchEintragNeuInput> = {},
): Promise<TKassabuchEintrag> {
  const response = await buche(t, who, over);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** GET kassabuch with a query string; the body and the total. */
export async function buch(t: TestApp, who: Caller, query = ""): Promise<TKassabuch & { total: number }> {
  const response = await call(t, { method: "GET", url: `/app/api/kassabuch${query}`, ...who });
  expect(response.statusCode, response.body).toBe(200);
  return { ...response.json(), total: Number(response.headers["x-total-count"]) };
}
