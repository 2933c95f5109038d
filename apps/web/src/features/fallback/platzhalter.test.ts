import { MENU_ENTRIES } from "@kontor/domain/access/menu";
import { resources } from "@kontor/i18n";
import { describe, expect, it } from "vitest";
import { hasScreen } from "../../app/screens.ts";
import { SPEC_SEGMENTS } from "../../app/specRoutes.ts";
import { SPAETER } from "../hilfe/hilfe.rules.ts";
import { platzhalterFuer } from "./platzhalter.ts";

const segmentOf = (path: string) => path.split("/").find((part) => part !== "") ?? "";

describe("placeholders of screens still to come (issue 21)", () => {
  it("every spec screen without its own screen says what it will hold", () => {
    const ohne = [...SPEC_SEGMENTS].filter((segment) => !hasScreen(segment));
    expect(ohne.length).toBeGreaterThan(0);
    for (const segment of ohne) {
      expect(platzhalterFuer(`/${segment}`).text, segment).not.toBe("allgemein");
    }
  });

  it("the help page's 'in preparation' list is exactly the menu entries without a screen", () => {
    const ohne = MENU_ENTRIES.filter((entry) => entry.path !== "/" && !hasScreen(segmentOf(entry.path)));
    expect(ohne.map((entry) => entry.id).sort()).toEqual([...SPAETER].sort());
  });

  it("links only to menu entries that exist, with a text in both languages", () => {
    for (const segment of SPEC_SEGMENTS) {
      const platzhalter = platzhalterFuer(`/${segment}/`);
      for (const id of platzhalter.verwandt) {
        const entry = MENU_ENTRIES.find((candidate) => candidate.id === id);
        expect(entry && (entry.path === "/" || hasScreen(segmentOf(entry.path))), id).toBe(true);
      }
      expect(resources.de.hilfe.platzhalter.seiten[platzhalter.text]).toBeTruthy();
      expect(resources.en.hilfe.platzhalter.seiten[platzhalter.text]).toBeTruthy();
    }
  });

  it("unknown and nested paths take the segment's placeholder", () => {
    expect(platzhalterFuer("/webshop_category_item/7").text).toBe("webshop");
    expect(platzhalterFuer("/bestellung/12?x=1").text).toBe("bestellung");
    expect(platzhalterFuer("/").text).toBe("allgemein");
  });
});
