import { describe, expect, it } from "vitest";
import { formatIsoDate, parseGermanDate } from "./DateInput.tsx";

describe("date input (DD.MM.YYYY)", () => {
  it.each([
    ["24.12.2024", "2024-12-24"],
    ["1.2.2024", "2024-02-01"],
    [" 29.02.2024 ", "2024-02-29"],
  ])("reads %j as %s", (text, iso) => {
    expect(parseGermanDate(text)).toBe(iso);
  });

  it.each([
    "29.02.2023",
    "31.04.2024",
    "12/24/2024",
    "2024-12-24",
    "24.12.24",
    "",
    "abc",
  ])("refuses %j", (text) => {
    expect(parseGermanDate(text)).toBeNull();
  });

  it("shows ISO dates as DD.MM.YYYY and other text as it is", () => {
    expect(formatIsoDate("2024-01-05")).toBe("05.01.2024");
    expect(formatIsoDate("")).toBe("");
    expect(formatIsoDate("31.13.")).toBe("31.13.");
  });
});
