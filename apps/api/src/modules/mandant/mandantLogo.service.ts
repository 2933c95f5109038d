import {
  MANDANT_LOGO_MAX_BYTES,
  MANDANT_LOGO_MAX_INPUT_PIXELS,
  MANDANT_LOGO_MAX_PIXEL,
  type TMandantLogo,
} from "@kontor/domain/mandant/mandantLogo.schema";
import {
  base64DecodedLength,
  sniffContentType,
} from "@kontor/domain/rechnungsvorlage/rechnungsvorlage.rules";
import type { TenantScope } from "../../db/tenant.ts";
import { ProblemError } from "../../http/problem.ts";
import { loadSharp } from "../../lazy.ts";
import { bildLimiter } from "../anhang/bild.ts";
import { deleteMandantLogo, mandantLogo, saveMandantLogo } from "./mandant.repository.ts";

/** A 400 error.validation at the upload's `inhalt`. */
const inhaltUngueltig = (code: "maxBytes" | "fileType" | "imageInvalid") =>
  new ProblemError(400, "error.validation", undefined, [
    { field: "inhalt", code, ...(code === "maxBytes" ? { max: MANDANT_LOGO_MAX_BYTES } : {}) },
  ]);

export interface NormalisiertesLogo {
  png: Buffer;
  breite: number;
  hoehe: number;
}

/**
 * The logo as the document PDF prints it: EXIF orientation applied, at most MANDANT_LOGO_MAX_PIXEL wide and high
 * (aspect kept, never enlarged), 8-bit sRGB with its transparency, PNG without metadata. Undefined when the picture
 * cannot be decoded (broken behind a valid signature) or is larger than MANDANT_LOGO_MAX_INPUT_PIXELS.
 */
export async function normalisiereLogo(bytes: Buffer): Promise<NormalisiertesLogo | undefined> {
  const sharp = await loadSharp();
  // Decoded like every uploaded image: at most two at once (anhang/bild.ts; 503 error.busy when too many wait).
  return bildLimiter.run(async () => {
    try {
      const { data, info } = await sharp(bytes, {
        failOn: "error",
        limitInputPixels: MANDANT_LOGO_MAX_INPUT_PIXELS,
      })
        .rotate()
        .resize(MANDANT_LOGO_MAX_PIXEL, MANDANT_LOGO_MAX_PIXEL, { fit: "inside", withoutEnlargement: true })
        .toColourspace("srgb")
        .png({ compressionLevel: 9, adaptiveFiltering: true })
        .toBuffer({ resolveWithObject: true });
      return { png: data, breite: info.width, hoehe: info.height };
    } catch {
      return undefined;
    }
  });
}

/**
 * The upload's bytes, checked by size (before and after decoding) and by content (DESIGN §6): PNG or JPEG by the
 * leading bytes, never by a name or a sent type. 400 inhalt maxBytes / fileType.
 */
export function pruefeLogo(inhalt: string): Buffer {
  if (base64DecodedLength(inhalt) > MANDANT_LOGO_MAX_BYTES) throw inhaltUngueltig("maxBytes");
  const bytes = Buffer.from(inhalt, "base64");
  if (bytes.length > MANDANT_LOGO_MAX_BYTES) throw inhaltUngueltig("maxBytes");
  const typ = sniffContentType(bytes);
  if (typ !== "image/png" && typ !== "image/jpeg") throw inhaltUngueltig("fileType");
  return bytes;
}

/** The selected tenant's logo (issue 16): upload, read and remove, each in the request's tenant transaction. */
export function mandantLogoService(scope: TenantScope) {
  return {
    /** Checks and normalises the picture (outside the transaction), then stores it; the audit log notes it. */
    async speichern(inhalt: string): Promise<TMandantLogo> {
      const logo = await normalisiereLogo(pruefeLogo(inhalt));
      if (!logo) throw inhaltUngueltig("imageInvalid");
      return scope.change(async (tx, audit) => {
        const saved = await saveMandantLogo(tx, logo);
        audit({
          entity: "mandant",
          entityId: scope.id,
          action: "update",
          detail: { logoSet: { breite: saved.breite, hoehe: saved.hoehe, groesse: saved.groesse } },
        });
        return saved;
      });
    },

    lesen: (): Promise<Uint8Array | undefined> => scope.run(mandantLogo),

    /** false: the tenant had no logo. */
    entfernen: (): Promise<boolean> =>
      scope.change(async (tx, audit) => {
        const removed = await deleteMandantLogo(tx);
        if (removed)
          audit({ entity: "mandant", entityId: scope.id, action: "update", detail: { logoRemoved: true } });
        return removed;
      }),
  };
}
