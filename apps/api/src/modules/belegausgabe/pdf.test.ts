import { describe, expect, it } from "vitest";
import { pdfErzeugen } from "./pdf.ts";
import { pdfSeiten } from "./pdfText.testing.ts";

const text = async (inhalt: string) =>
  (
    await pdfSeiten(await pdfErzeugen({ content: [{ text: inhalt }], defaultStyle: { font: "Roboto" } }))
  ).join(" ");

describe("PDF rendering with the fonts parsed once per process", () => {
  it("a later document's text is what it printed, whatever earlier documents printed", async () => {
    // Ü is a composite of U and the dieresis, … of three periods: an earlier document that subsets them makes the
    // font know U and . without their characters; a later document must still map them back to U and .
    expect(await text("Überstunden 08:00–…")).toContain("Überstunden");
    const spaeter = await text("Unit price No. 1.00 Umsatz");
    expect(spaeter).toContain("Unit price No. 1.00 Umsatz");
  });
});
