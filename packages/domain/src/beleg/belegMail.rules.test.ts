import { describe, expect, it } from "vitest";
import type { TBelegsTyp } from "../typen/typen.codes.ts";
import { mailAnrede, mailEmpfaenger, mailVorlage, platzhalterFuellen } from "./belegMail.rules.ts";
import { ZBelegMailSenden } from "./belegMail.schema.ts";

describe("mailVorlage", () => {
  it.each<[TBelegsTyp, boolean, string]>([
    ["rechnung", false, "rechnung"],
    ["rechnung", true, "bezahlt"],
    ["proformarechnung", false, "rechnung"],
    ["barrechnung", false, "bezahlt"],
    ["angebot", false, "angebot"],
    ["auftragsbestaetigung", false, "allgemein"],
    ["lieferschein", false, "allgemein"],
    ["gutschrift", false, "allgemein"],
    ["storno", false, "allgemein"],
    ["bestellung", false, "allgemein"],
  ])("%s (paid %s) → %s", (typ, bezahlt, vorlage) => {
    expect(mailVorlage(typ, bezahlt)).toBe(vorlage);
  });
});

describe("mailEmpfaenger", () => {
  it("takes the customer's address first, then the contacts', each once, invalid ones left out", () => {
    const result = mailEmpfaenger(
      { firma: "firma", bezeichnung: "Wölfl GmbH", email: "office@woelfl.example" },
      [
        { vorname: "Jürgen", nachname: "Wölfl", email: "juergen@woelfl.example" },
        { vorname: null, nachname: "Buchhaltung", email: "OFFICE@woelfl.example" },
        { nachname: "Ohne", email: null },
        { nachname: "Kaputt", email: "kaputt@" },
        { vorname: "Jörg", nachname: "Müller", email: " jörg@mueller.example " },
      ],
    );
    expect(result.to).toEqual(["office@woelfl.example", "juergen@woelfl.example", "jörg@mueller.example"]);
    expect(result.vorschlaege).toEqual([
      { email: "office@woelfl.example", name: "Wölfl GmbH" },
      { email: "juergen@woelfl.example", name: "Jürgen Wölfl" },
      { email: "jörg@mueller.example", name: "Jörg Müller" },
    ]);
  });

  it("names a private person by salutation in the document's language; no customer, no recipients", () => {
    const kunde = { firma: "privatperson" as const, vorname: "Anna", nachname: "Gruber", geschlecht: "frau" };
    expect(mailEmpfaenger({ ...kunde, email: "anna@gruber.example" }, [], "en").vorschlaege).toEqual([
      { email: "anna@gruber.example", name: "Ms Anna Gruber" },
    ]);
    expect(mailEmpfaenger(null, [])).toEqual({ to: [], vorschlaege: [] });
  });
});

describe("mailAnrede", () => {
  it.each([
    [{ firma: "privatperson" as const, nachname: "Gruber", geschlecht: "frau" }, "frau"],
    [{ firma: "privatperson" as const, nachname: "Huber", geschlecht: "herr" }, "herr"],
    [{ firma: "privatperson" as const, nachname: "Maier", geschlecht: "familie" }, "familie"],
    [{ firma: "privatperson" as const, nachname: "Maier", geschlecht: "divers" }, "allgemein"],
    [{ firma: "privatperson" as const, nachname: " ", geschlecht: "herr" }, "allgemein"],
    [{ firma: "firma" as const, bezeichnung: "X GmbH", nachname: "Huber", geschlecht: "herr" }, "allgemein"],
  ])("%o → %s", (kunde, anrede) => {
    expect(mailAnrede(kunde).anrede).toBe(anrede);
  });
});

describe("platzhalterFuellen", () => {
  it("fills known placeholders and empties unknown ones", () => {
    expect(platzhalterFuellen("Rechnung {{nummer}} von {{ firma }}{{x}}", { nummer: "1", firma: "A" })).toBe(
      "Rechnung 1 von A",
    );
  });
});

describe("ZBelegMailSenden", () => {
  const gueltig = { to: ["a@b.example"], betreff: "Rechnung 1", text: "Hallo" };

  it("takes a valid mail, with defaults for cc, the copy and the e-invoice (none)", () => {
    expect(ZBelegMailSenden.parse(gueltig)).toEqual({
      ...gueltig,
      cc: [],
      kopieAnMich: false,
      erechnung: null,
    });
    expect(ZBelegMailSenden.parse({ ...gueltig, erechnung: "zugferd" }).erechnung).toBe("zugferd");
  });

  it.each([
    [{ ...gueltig, to: [] }, "to"],
    [{ ...gueltig, to: ["kein-mail"] }, "to.0"],
    [{ ...gueltig, cc: ["a@b.example", "x@"] }, "cc.1"],
    [{ ...gueltig, to: Array.from({ length: 21 }, (_, i) => `a${i}@b.example`) }, "to"],
    [{ ...gueltig, betreff: "Zeile\nBcc: x@y.example" }, "betreff"],
    [{ ...gueltig, betreff: "  " }, "betreff"],
    [{ ...gueltig, text: "" }, "text"],
    [{ ...gueltig, bcc: ["a@b.example"] }, ""],
    [{ ...gueltig, erechnung: "pdf" }, "erechnung"],
  ])("refuses %o at %s", (body, pfad) => {
    const result = ZBelegMailSenden.safeParse(body);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join("."))).toContain(pfad);
  });
});
