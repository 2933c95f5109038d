import { describe, expect, it } from "vitest";
import { type CrudContext, type CrudSpec, describeCrud } from "../../test/crud.ts";
import { call, unique } from "../../test/helpers.ts";

const common: Pick<CrudSpec, "authorities" | "forbiddenAuthorities"> = {
  authorities: ["ROLE_USER"],
  forbiddenAuthorities: ["ROLE_KASSABUCH"],
};

/** Creates records in the given order and answers the order the default-sorted list shows them in. */
async function defaultOrder(crud: CrudContext, path: string, payloads: object[]) {
  const ids: number[] = [];
  for (const payload of payloads) {
    const response = await call(crud.t, { method: "PUT", url: `/app/api/${path}`, ...crud.as(), payload });
    ids.push(response.json().id);
  }
  const list = (await call(crud.t, { method: "GET", url: `/app/api/${path}?size=500`, ...crud.as() })).json();
  return { ids, order: list.map((item: { id: number }) => item.id).filter((id: number) => ids.includes(id)) };
}

describe("belegtexts", () => {
  const crud = describeCrud({
    ...common,
    path: "belegtexts",
    valid: (n) => ({
      title: `Zahlungshinweis ${n}`,
      text: "<p>Zahlbar binnen <strong>14 Tagen</strong>.</p>",
    }),
    update: { title: "Dank", text: "<p>Danke für Ihren Auftrag!</p>" },
    invalid: [
      { payload: { text: "<p>x</p>" }, field: "title", code: "required" },
      { payload: { title: "x".repeat(201), text: "<p>x</p>" }, field: "title", code: "maxLength" },
      { payload: { title: "Leer" }, field: "text", code: "required" },
      { payload: { title: "Leer", text: "" }, field: "text", code: "required" },
      { payload: { title: "Leer", text: "<p></p>" }, field: "text", code: "required" },
      { payload: { title: "Leer", text: "<p><br></p><p>&nbsp;</p>" }, field: "text", code: "required" },
      { payload: { title: "Lang", text: `<p>${"x".repeat(200_000)}</p>` }, field: "text", code: "maxLength" },
    ],
    sort: { field: "title", values: (n) => ({ title: `Sortiert ${n}` }) },
  });

  it("keeps the rich text as written and lists by title by default", async () => {
    const html = '<h2>Hinweis</h2><p style="text-align: center">Lieferung <em>frei Haus</em></p>';
    const prefix = unique("T");
    const { ids, order } = await defaultOrder(crud, "belegtexts", [
      { title: `${prefix} b`, text: html },
      { title: `${prefix} a`, text: html },
    ]);
    expect(order).toEqual([ids[1], ids[0]]);
    const read = await call(crud.t, { method: "GET", url: `/app/api/belegtexts/${ids[0]}`, ...crud.as() });
    expect(read.json().text).toBe(html);
  });

  it("an image alone is content", async () => {
    const text = '<p><img src="data:image/png;base64,iVBORw0KGgo="></p>';
    const response = await call(crud.t, {
      method: "PUT",
      url: "/app/api/belegtexts",
      ...crud.as(),
      payload: { title: "Logo", text },
    });
    expect(response.statusCode).toBe(200);
  });
});

describe("hotHintDefinitionTexts", () => {
  const crud = describeCrud({
    ...common,
    path: "hotHintDefinitionTexts",
    valid: (n) => ({ hotHintTitle: `Hinweis ${n}`, hotHintText: `Bitte Seriennummer angeben (${n})` }),
    update: { hotHintTitle: "Montage", hotHintText: "Montage vor Ort inklusive" },
    invalid: [
      { payload: { hotHintText: "x" }, field: "hotHintTitle", code: "required" },
      { payload: { hotHintTitle: "x" }, field: "hotHintText", code: "required" },
      { payload: { hotHintTitle: "x", hotHintText: "  " }, field: "hotHintText", code: "required" },
      {
        payload: { hotHintTitle: "x".repeat(101), hotHintText: "x" },
        field: "hotHintTitle",
        code: "maxLength",
      },
      {
        payload: { hotHintTitle: "x", hotHintText: "x".repeat(2001) },
        field: "hotHintText",
        code: "maxLength",
      },
    ],
    sort: { field: "hotHintTitle", values: (n) => ({ hotHintTitle: `Sortiert ${n}` }) },
  });

  it("lists by hotHintText by default", async () => {
    const prefix = unique("H");
    const { ids, order } = await defaultOrder(crud, "hotHintDefinitionTexts", [
      { hotHintTitle: "A", hotHintText: `${prefix} zweiter` },
      { hotHintTitle: "B", hotHintText: `${prefix} erster` },
    ]);
    expect(order).toEqual([ids[1], ids[0]]);
  });
});
