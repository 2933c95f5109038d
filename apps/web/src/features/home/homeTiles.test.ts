import { type AccessContext, can } from "@kontor/domain/access/access.rules";
import { describe, expect, it } from "vitest";
import { HOME_TILES, visibleTiles } from "./homeTiles.tsx";

const ids = (context: AccessContext) => visibleTiles((area) => can(area, context)).map((tile) => tile.id);

describe("home tiles (issue 21): each only when the tenant's modules and the user's roles allow it", () => {
  it("an administrator of a tenant with every module sees every tile, in order", () => {
    expect(
      ids({
        modules: ["rechnungslegung", "benachrichtigungen", "zeiterfassung", "quartalskalender"],
        authorities: [
          "ROLE_USER",
          "ROLE_ADMIN",
          "ROLE_ARTIKEL_WRITE",
          "ROLE_ARBEITSZEITERFASSUNG",
          "ROLE_KALENDER_WRITE",
        ],
      }),
    ).toEqual(HOME_TILES.map((tile) => tile.id));
  });

  it("without the invoicing module there are no open documents; without news module no news", () => {
    expect(ids({ modules: [], authorities: ["ROLE_USER"] })).toEqual([
      "schnell",
      "notizen",
      "kunden",
      "artikel",
    ]);
  });

  it("a cash keeper without ROLE_USER sees only the own notes (every member has them, issue 23)", () => {
    expect(ids({ modules: ["kassabuch"], authorities: ["ROLE_KASSABUCH"] })).toEqual(["notizen"]);
  });

  it("working time needs the module zeiterfassung and a working-time role", () => {
    expect(ids({ modules: ["zeiterfassung"], authorities: ["ROLE_ARBEITSZEITERFASSUNG"] })).toEqual([
      "arbeitszeit",
      "notizen",
    ]);
    expect(ids({ modules: ["zeiterfassung"], authorities: ["ROLE_ZEITERFASSUNG"] })).toEqual(["notizen"]);
    expect(ids({ modules: [], authorities: ["ROLE_ARBEITSZEITERFASSUNG_ADMIN"] })).toEqual(["notizen"]);
  });

  it("news alone shows with the module, whatever the roles", () => {
    expect(ids({ modules: ["benachrichtigungen"], authorities: [] })).toEqual(["notizen", "news"]);
  });
});
