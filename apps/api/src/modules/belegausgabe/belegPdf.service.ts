import type { TPdfHinweis } from "@kontor/domain/beleg/beleg.codes";
import { PDF_LAYOUTS, type TPdfLayout } from "@kontor/domain/typen/typen";
import { resources } from "@kontor/i18n";
import { eq } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { currentMandant, mandant } from "../../db/schema/index.ts";
import { mandantLogo } from "../mandant/mandant.repository.ts";
import { druckbaresVorlageBild } from "../rechnungsvorlage/vorlageDatei.ts";
import { belegDruckLesen } from "./belegDruck.ts";
import type { Fensterkuvert } from "./belegPdf.layout.ts";
import type { BelegAusgabe } from "./belegPdf.render.ts";
import { belegRendern } from "./pdfPool.ts";

/** A rendered document: the PDF's bytes and what a caller needs to name, send or share it. */
export interface BelegPdf {
  bytes: Uint8Array;
  /** File name for download and attachment, e.g. "Rechnung 2026-00017.pdf" / "Invoice 2026-00017.pdf". */
  dateiname: string;
  /** The document's language (the customer's belegLangKey). */
  sprache: "de" | "en";
  belegNummer: string | null;
  /** What the PDF lacks that the tenant can add (shown beside the preview, sent as x-pdf-hinweise). */
  hinweise: TPdfHinweis[];
}

/** Runs fn in one tenant transaction: `scope.run` of a request, or `(fn) => withTenant(db, mandantId, fn)`. */
export type TenantRun = <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>;

/** The tenant's settings of the document output: layout, window envelope form, footer line, logo. */
async function ausgabeLesen(tx: Tx): Promise<BelegAusgabe> {
  const [einstellungen] = await tx
    .select({
      layout: mandant.pdfLayout,
      fensterkuvert: mandant.fensterkuvert,
      fusszeile: mandant.pdfFusszeile,
    })
    .from(mandant)
    .where(eq(mandant.id, currentMandant));
  return {
    layout: (PDF_LAYOUTS as readonly string[]).includes(einstellungen?.layout ?? "")
      ? (einstellungen!.layout as TPdfLayout)
      : "standard",
    fensterkuvert: (einstellungen?.fensterkuvert === "A" ? "A" : "B") as Fensterkuvert,
    fusszeile: einstellungen?.fusszeile ?? null,
    logo: (await mandantLogo(tx)) ?? null,
  };
}

/**
 * The PDF of document `id` of the tenant `run` is bound to, or undefined when the tenant has no such document.
 * The data is read in one tenant transaction; the rendering happens after it (no connection held while drawing), in
 * the PDF worker pool (pdfPool.ts: never on the request thread; 503 error.busy when too many wait). `oeffentlich`:
 * the caller has no sign-in (share link) and gets less room in the pool's queue.
 */
export async function belegPdf(
  run: TenantRun,
  id: number,
  { oeffentlich = false }: { oeffentlich?: boolean } = {},
): Promise<BelegPdf | undefined> {
  const gelesen = await run(async (tx) => {
    const druck = await belegDruckLesen(tx, id);
    return druck ? { druck, ausgabe: await ausgabeLesen(tx) } : undefined;
  });
  if (!gelesen) return undefined;
  const { druck, ausgabe } = gelesen;
  const hinweise: TPdfHinweis[] = druck.zahlbarOhneBank ? ["bankFehlt"] : [];
  if (!ausgabe.logo && !druck.vorlage) hinweise.push("logoFehlt");
  // A letterhead image in the form pdfkit embeds without decoding it; one stored before uploads were normalised is
  // normalised now, or left out when it has too many pixels or is broken.
  let vorlage = druck.vorlage;
  let bildUnbrauchbar = false;
  if (vorlage && vorlage.contentType !== "application/pdf") {
    vorlage = (await druckbaresVorlageBild(vorlage.bytes)) ?? null;
    bildUnbrauchbar = vorlage === null;
  }
  const { bytes, vorlageUnbrauchbar } = await belegRendern(
    { druck: { ...druck, vorlage }, ausgabe },
    { oeffentlich },
  );
  if (bildUnbrauchbar || vorlageUnbrauchbar) hinweise.push("vorlageUnbrauchbar");
  const texte = resources[druck.sprache].beleg.druck;
  const nummer = druck.entwurf ? texte.entwurf : (druck.beleg.belegNummer ?? "");
  return {
    // A Buffer over the bytes the worker sent (they arrive as a plain Uint8Array): what mail and replies expect.
    bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
    dateiname: `${`${texte.titel[druck.beleg.belegsTyp]} ${nummer}`.trim().replace(/[\\/:*?"<>|]+/g, "-")}.pdf`,
    sprache: druck.sprache,
    belegNummer: druck.entwurf ? null : (druck.beleg.belegNummer ?? null),
    hinweise,
  };
}
