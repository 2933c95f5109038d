import { describe, expect, it } from "vitest";
import { safeRedirect } from "./paths.ts";

describe("safeRedirect", () => {
  it.each([
    ["/kunde_list/", "/kunde_list/"],
    ["/beleg/5/edit/true/false?x=1", "/beleg/5/edit/true/false?x=1"],
    ["/", "/"],
    [undefined, "/"],
    [42, "/"],
    ["", "/"],
    ["kunde_list", "/"],
    ["//evil.example/x", "/"],
    ["/\\evil.example", "/"],
    ["https://evil.example/", "/"],
    ["/login", "/"],
    ["/login?redirect=%2Fx", "/"],
    ["/x\nSet-Cookie", "/"],
  ])("%j -> %j", (input, expected) => {
    expect(safeRedirect(input)).toBe(expected);
  });
});
