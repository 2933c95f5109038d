import { describe, expect, it } from "vitest";
import { deepLoader } from "./screens.ts";

const edit = async () => () => null;
const duplicate = async () => () => null;
const deep = { "{slug}/duplicate": duplicate, "{slug}/edit/{edit}/{duplicate}": edit };

describe("deep screen paths", () => {
  it.each([
    ["12/duplicate", duplicate],
    ["12/duplicate/", duplicate],
    ["new/edit/1/0", edit],
    ["12/copy", undefined],
    ["12/duplicate/x", undefined],
    ["12/edit/1", undefined],
    ["", undefined],
  ])("%s", (rest, expected) => {
    expect(deepLoader(deep, rest)).toBe(expected);
  });

  it("a screen without deep paths has none", () => {
    expect(deepLoader(undefined, "1/duplicate")).toBeUndefined();
  });
});
