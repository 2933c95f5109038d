import { describe, expect, it } from "vitest";
import { isCleanText, uncleanTextFields } from "./text.rules.ts";

describe("text rule", () => {
  it.each([
    ["plain", "Müller & Söhne – 12,50 €", true],
    ["tab, newline, carriage return", "a\tb\nc\r\nd", true],
    ["emoji (a surrogate pair)", "ok 😀", true],
    ["NUL", "a\u0000b", false],
    ["bell", "\u0007", false],
    ["vertical tab", "\u000B", false],
    ["escape", "\u001B[31m", false],
    ["lone high surrogate", "x\uD83D", false],
    ["lone low surrogate", "\uDE00x", false],
    ["reversed pair", "\uDE00\uD83D", false],
    ["DEL is not C0", "\u007F", true],
  ])("%s", (_, text, clean) => {
    expect(isCleanText(text)).toBe(clean);
  });

  it("names the path of every offending string, keys included", () => {
    expect(
      uncleanTextFields({
        name: "ok",
        adressen: [{ ort: "Wien" }, { ort: "W\u0000ien" }],
        felder: { "k\u0000": "v" },
        zahl: 3,
        leer: null,
      }),
    ).toEqual([
      { field: "adressen.1.ort", code: "invalid" },
      { field: "felder.(key)", code: "invalid" },
    ]);
  });

  it("checks a bare string at the top", () => {
    expect(uncleanTextFields("\u0000")).toEqual([{ field: "", code: "invalid" }]);
  });
});
