import { beforeAll, describe, expect, it } from "vitest";
import { ApiError } from "../../app/api.ts";
import { initTestI18n } from "../../test/komponententest.ts";
import { dateiFehler } from "./dateiFehler.ts";

beforeAll(() => initTestI18n(["validation", "errors"]));

describe("dateiFehler: what the server found in an uploaded file (issue 33)", () => {
  it("translates the field error at inhalt with its bound; other failures are left to the problem's message", () => {
    const zuGross = new ApiError({
      status: 400,
      code: "error.validation",
      fieldErrors: [{ field: "inhalt", code: "maxPixels", max: 50_000_000 }],
    });
    expect(dateiFehler(zuGross)).toBe("Das Bild hat zu viele Pixel: höchstens 50.000.000 (Breite × Höhe).");
    const seiten = new ApiError({
      status: 400,
      code: "error.validation",
      fieldErrors: [{ field: "inhalt", code: "maxPages", max: 1000 }],
    });
    expect(dateiFehler(seiten)).toBe("Das PDF hat zu viele Seiten: höchstens 1.000.");
    expect(dateiFehler(new ApiError({ status: 503, code: "error.busy" }))).toBeUndefined();
    expect(dateiFehler(new Error("offline"))).toBeUndefined();
  });
});
