import { KUNDE_PDF_MAX_BYTES, KUNDE_PDF_MAX_COUNT } from "@kontor/domain/kunde/kunde.api";
import { describe, expect, it } from "vitest";
import { dateiAnfang, istPdf, pdfFehler } from "./pdf.ts";

const PDF = new TextEncoder().encode("%PDF-1.7\n");
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d]);
const GRENZEN = { maxAnzahl: KUNDE_PDF_MAX_COUNT, maxBytes: KUNDE_PDF_MAX_BYTES };

describe("pdf checks", () => {
  it("recognises a PDF by content, not by name", async () => {
    expect(istPdf(PDF)).toBe(true);
    expect(istPdf(PNG)).toBe(false);
    expect(istPdf(new Uint8Array())).toBe(false);
    const datei = new File([PDF], "rechnung.png");
    expect(istPdf(await dateiAnfang(datei))).toBe(true);
  });

  it("reads as many first bytes as asked", async () => {
    expect((await dateiAnfang(new File([PDF], "a.pdf"))).length).toBe(5);
    expect((await dateiAnfang(new File([PDF], "a.pdf"), 16)).length).toBe(PDF.length);
  });

  it.each([
    ["fine", { size: 1000 }, PDF, 4, null],
    ["a sixth file", { size: 1000 }, PDF, 5, "tooMany"],
    ["an empty file", { size: 0 }, new Uint8Array(), 0, "empty"],
    ["over 10 MB", { size: KUNDE_PDF_MAX_BYTES + 1 }, PDF, 0, "tooLarge"],
    ["exactly 10 MB", { size: KUNDE_PDF_MAX_BYTES }, PDF, 0, null],
    ["no PDF", { size: 1000 }, PNG, 0, "notPdf"],
  ] as const)("%s", (_, datei, anfang, vorhanden, erwartet) => {
    expect(pdfFehler(datei, anfang, vorhanden, GRENZEN)).toBe(erwartet);
  });
});
