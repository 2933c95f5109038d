import { execFile } from "node:child_process";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

/**
 * The official checkers in the tests (../shared/testdata/einvoice, see its rules/README.md): the XML Schema with
 * xmllint and the CEN EN 16931, KoSIT XRechnung and Peppol BIS 3 rules (Schematron compiled to XSLT) with
 * Saxon-HE. Saxon runs once per rule set over a directory of files (it compiles a rule set once; a single run
 * costs ~2 s of start-up), so a test file collects its invoices and checks them in one batch.
 * Test code only: the rules are reference data, never shipped.
 */

const ausfuehren = promisify(execFile);
const HIER = path.dirname(fileURLToPath(import.meta.url));
export const EINVOICE_TESTDATA = path.resolve(HIER, "../../../../shared/testdata/einvoice");
const SAXON_JAR = process.env.SAXON_JAR ?? "/usr/share/java/Saxon-HE.jar";

export type Syntax = "ubl" | "cii" | "ebinterface";
export type Regelwerk = "cen" | "xrechnung" | "peppol";

export interface Pruefling {
  /** A unique name (becomes the file name). */
  name: string;
  xml: string;
  syntax: Syntax;
  /** The rule sets to run besides the schema (none for ebInterface, which has only its XSD). */
  regeln: Regelwerk[];
}

export interface Befund {
  /** XSD, FATAL (flag fatal/error or none), WARN or INFO. */
  stufe: "XSD" | "FATAL" | "WARN" | "INFO";
  regel: string;
  text: string;
}

const XSL: Record<Regelwerk, Record<"ubl" | "cii", string>> = {
  cen: { ubl: "cen/EN16931-UBL-validation.xslt", cii: "cen/EN16931-CII-validation.xslt" },
  xrechnung: { ubl: "xrechnung/XRechnung-UBL-validation.xsl", cii: "xrechnung/XRechnung-CII-validation.xsl" },
  peppol: { ubl: "peppol/PEPPOL-EN16931-UBL.xsl", cii: "peppol/PEPPOL-EN16931-CII.xsl" },
};

function schema(syntax: Syntax, xml: string): string {
  const xsd = path.join(EINVOICE_TESTDATA, "xsd");
  if (syntax === "cii") return path.join(xsd, "cii-d16b/CrossIndustryInvoice_100pD16B.xsd");
  if (syntax === "ebinterface") return path.join(xsd, "ebinterface-6.1/Invoice.xsd");
  const wurzel = /<(?:[A-Za-z0-9]+:)?(Invoice|CreditNote)[\s>]/.exec(xml.replace(/<\?xml[^>]*\?>/, ""))?.[1];
  return path.join(xsd, `ubl-2.1/maindoc/UBL-${wurzel ?? "Invoice"}-2.1.xsd`);
}

/** The failed asserts of an SVRL report. */
function svrlBefunde(svrl: string): Befund[] {
  const befunde: Befund[] = [];
  const muster = /<svrl:(failed-assert|successful-report)\b([^>]*)>([\s\S]*?)<\/svrl:\1>/g;
  for (const treffer of svrl.matchAll(muster)) {
    const attribute = treffer[2] ?? "";
    const flag = /\bflag="([^"]*)"/.exec(attribute)?.[1] ?? "fatal";
    const regel = /\bid="([^"]*)"/.exec(attribute)?.[1] ?? "-";
    const text = (/<svrl:text>([\s\S]*?)<\/svrl:text>/.exec(treffer[3] ?? "")?.[1] ?? "")
      .replace(/\s+/g, " ")
      .trim();
    const stufe = flag === "fatal" || flag === "error" ? "FATAL" : flag === "warning" ? "WARN" : "INFO";
    befunde.push({ stufe, regel, text });
  }
  return befunde;
}

/**
 * Checks every file against its schema and rule sets; answers the findings per name. The rules are run only on
 * files that pass the schema (as validate.sh does).
 */
export async function offiziellPruefen(pruefling: readonly Pruefling[]): Promise<Map<string, Befund[]>> {
  const ergebnis = new Map<string, Befund[]>(pruefling.map((p) => [p.name, []]));
  const ordner = await mkdtemp(path.join(tmpdir(), "kontor-erechnung-"));
  try {
    const gueltig: Pruefling[] = [];
    for (const p of pruefling) {
      const datei = path.join(ordner, `${p.name}.xml`);
      await writeFile(datei, p.xml);
      try {
        await ausfuehren("xmllint", ["--noout", "--nonet", "--schema", schema(p.syntax, p.xml), datei], {
          maxBuffer: 64 * 1024 * 1024,
        });
        gueltig.push(p);
      } catch (error) {
        const stderr = String((error as { stderr?: string }).stderr ?? error);
        for (const zeile of stderr.split("\n"))
          if (zeile.trim() && !zeile.endsWith(" fails to validate"))
            ergebnis.get(p.name)!.push({ stufe: "XSD", regel: "XSD", text: zeile.trim() });
      }
    }
    const gruppen = new Map<string, Pruefling[]>();
    for (const p of gueltig) {
      if (p.syntax === "ebinterface") continue;
      for (const regel of p.regeln) {
        const schluessel = `${regel}/${p.syntax}`;
        gruppen.set(schluessel, [...(gruppen.get(schluessel) ?? []), p]);
      }
    }
    for (const [schluessel, gruppe] of gruppen) {
      const [regel, syntax] = schluessel.split("/") as [Regelwerk, "ubl" | "cii"];
      const ein = path.join(ordner, `ein-${regel}-${syntax}`);
      const aus = path.join(ordner, `aus-${regel}-${syntax}`);
      await Promise.all([mkdir(ein), mkdir(aus)]);
      for (const p of gruppe) await writeFile(path.join(ein, `${p.name}.xml`), p.xml);
      await ausfuehren(
        "java",
        [
          "-cp",
          SAXON_JAR,
          "net.sf.saxon.Transform",
          `-s:${ein}`,
          `-xsl:${path.join(EINVOICE_TESTDATA, "rules", XSL[regel][syntax])}`,
          `-o:${aus}`,
        ],
        { maxBuffer: 64 * 1024 * 1024 },
      );
      for (const datei of await readdir(aus)) {
        const name = datei.replace(/\.xml$/, "");
        ergebnis.get(name)?.push(...svrlBefunde(await readFile(path.join(aus, datei), "utf8")));
      }
    }
    return ergebnis;
  } finally {
    await rm(ordner, { recursive: true, force: true });
  }
}

/** Only the findings that reject an invoice (schema errors and FATAL rules), as "RULE text" lines. */
export function fatale(befunde: readonly Befund[] | undefined): string[] {
  return (befunde ?? [])
    .filter((b) => b.stufe === "XSD" || b.stufe === "FATAL")
    .map((b) => `${b.regel} ${b.text}`);
}
