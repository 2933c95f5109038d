import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import {
  type Befund,
  EINVOICE_TESTDATA,
  fatale,
  offiziellPruefen,
  type Pruefling,
} from "./offiziell.testing.ts";

/** The harness itself: the official examples pass, a broken copy fails with the rules the README names. */
const beispiele = path.join(EINVOICE_TESTDATA, "examples");
const lesen = (datei: string) => readFileSync(path.join(beispiele, datei), "utf8");

describe("official checkers (harness)", () => {
  let befunde: Map<string, Befund[]>;
  const pruefling: Pruefling[] = [
    { name: "ubl1", xml: lesen("cen-ubl-tc434-example1.xml"), syntax: "ubl", regeln: ["cen"] },
    { name: "ublgs", xml: lesen("cen-ubl-tc434-creditnote1.xml"), syntax: "ubl", regeln: ["cen"] },
    { name: "cii1", xml: lesen("cen-CII_example1.xml"), syntax: "cii", regeln: ["cen"] },
    {
      name: "xr",
      xml: lesen("xrechnung-01.01a-INVOICE_ubl.xml"),
      syntax: "ubl",
      regeln: ["cen", "xrechnung"],
    },
    ...readdirSync(beispiele)
      .filter((d) => d.startsWith("ebinterface"))
      .map((d, i) => ({ name: `eb${i}`, xml: lesen(d), syntax: "ebinterface" as const, regeln: [] })),
    {
      name: "kaputt",
      xml: lesen("cen-ubl-tc434-example1.xml").replace(">19.90<", ">29.90<"),
      syntax: "ubl",
      regeln: ["cen"],
    },
    {
      name: "ohneReferenz",
      xml: lesen("xrechnung-01.01a-INVOICE_ubl.xml").replace(
        /<cbc:BuyerReference>[^<]*<\/cbc:BuyerReference>/,
        "",
      ),
      syntax: "ubl",
      regeln: ["cen", "xrechnung"],
    },
    {
      name: "xsd",
      xml: lesen("cen-ubl-tc434-example1.xml")
        .replace("<cbc:ID>", "<cbc:Foo>")
        .replace("</cbc:ID>", "</cbc:Foo>"),
      syntax: "ubl",
      regeln: ["cen"],
    },
  ];

  beforeAll(async () => {
    befunde = await offiziellPruefen(pruefling);
  });

  it("passes the official examples", () => {
    for (const name of ["ubl1", "ublgs", "cii1", "xr", "eb0", "eb1"])
      expect(fatale(befunde.get(name)), name).toEqual([]);
  });

  it("names the broken rules", () => {
    const regeln = (name: string) => fatale(befunde.get(name)).map((z) => z.split(" ")[0]);
    expect(regeln("kaputt")).toEqual(expect.arrayContaining(["BR-CO-10"]));
    expect(regeln("ohneReferenz")).toContain("BR-DE-15");
    expect(regeln("xsd")).toContain("XSD");
  });
});
