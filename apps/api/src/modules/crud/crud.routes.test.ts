import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, createTenantUser, createTestApp, login, type TestApp, unique } from "../../test/helpers.ts";

type Payload = Record<string, unknown>;
type Who = { token: string; mandantId: number };

let t: TestApp;
let who: Who;

beforeAll(async () => {
  t = await createTestApp();
  const user = await createTenantUser(t, { authorities: ["ROLE_USER"] });
  who = { token: await login(t, user), mandantId: user.mandantId };
});
afterAll(() => t?.close());

const put = async (path: string, payload: Payload) => {
  const response = await call(t, { method: "PUT", url: `/app/api/${path}`, ...who, payload });
  return response;
};
const saved = async (path: string, payload: Payload) => {
  const response = await put(path, payload);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Payload & { id: number };
};
const read = async (path: string, id: number) =>
  (await call(t, { method: "GET", url: `/app/api/${path}/${id}`, ...who })).json() as Payload;

/**
 * Issue 33: the generic PUT (modules/crud) wrote every field of the parsed body, and the parsed body holds each
 * schema default for a field the request left out — so an update that did not name a field reset it (a price tier
 * switched on again, a VAT rate moved to AT, a number circle's counter back to 0).
 */
describe("generic pattern: a field the PUT leaves out keeps its stored value", () => {
  it("a price tier stays off, a VAT rate keeps its country and default flag", async () => {
    const tier = await saved("preisschienen", { bezeichnung: unique("Händler"), aktiv: false });
    const renamed = await saved("preisschienen", { id: tier.id, bezeichnung: "Händler neu" });
    expect(renamed).toMatchObject({ bezeichnung: "Händler neu", aktiv: false });
    expect(await read("preisschienen", tier.id)).toMatchObject({ aktiv: false });

    const rate = await saved("mehrwertssteuers", { mwst: 7.7, land: "DE", defaultMwst: true });
    const changed = await saved("mehrwertssteuers", { id: rate.id, mwst: 8.1 });
    expect(changed).toMatchObject({ mwst: 8.1, land: "DE", defaultMwst: true });
  });

  it("a field sent with the default's value is still written; a new record still gets the defaults", async () => {
    const tier = await saved("preisschienen", { bezeichnung: unique("Stufe"), aktiv: false });
    expect(await saved("preisschienen", { id: tier.id, bezeichnung: "Stufe", aktiv: true })).toMatchObject({
      aktiv: true,
    });
    expect(await saved("preisschienen", { bezeichnung: unique("Neu") })).toMatchObject({ aktiv: true });
  });

  it("the kept values are checked with the sent ones: rules across fields still hold (400)", async () => {
    const term = await saved("zahlungsziels", {
      name: unique("Skonto"),
      nettoTage: 30,
      skontoList: [{ tage: 10, prozent: 2 }],
    });
    // nettoTage 5 with the stored skonto step of 10 days would break the rule: refused, nothing saved.
    const response = await put("zahlungsziels", { id: term.id, name: term.name, nettoTage: 5 });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().fieldErrors).toContainEqual({ field: "skontoList.0.tage", code: "invalid" });
    expect(await read("zahlungsziels", term.id)).toMatchObject({
      nettoTage: 30,
      skontoList: [{ tage: 10, prozent: 2 }],
    });
    // Left out with a fitting nettoTage: the steps stay.
    expect(await saved("zahlungsziels", { id: term.id, name: term.name, nettoTage: 20 })).toMatchObject({
      nettoTage: 20,
      skontoList: [{ tage: 10, prozent: 2 }],
    });
  });

  it("another tenant's id is still 404, whatever the body leaves out", async () => {
    const user = await createTenantUser(t, { authorities: ["ROLE_USER"] });
    const stranger = { token: await login(t, user), mandantId: user.mandantId };
    const tier = await saved("preisschienen", { bezeichnung: unique("Meins"), aktiv: false });
    const response = await call(t, {
      method: "PUT",
      url: "/app/api/preisschienen",
      ...stranger,
      payload: { id: tier.id, bezeichnung: "Übernommen" },
    });
    expect(response.statusCode).toBe(404);
    expect(await read("preisschienen", tier.id)).toMatchObject({ bezeichnung: tier.bezeichnung });
  });
});
