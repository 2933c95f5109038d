import { ARTIKEL_BILD_MAX_BYTES } from "@kontor/domain/artikel/artikel.api";
import { ARTIKEL_BILDER_MAX } from "@kontor/domain/artikel/artikel.schema";
import { sniffImageType } from "../../components/richtext/imageFile.ts";

/** Why a picked image is refused in the browser already (the server checks the same again). */
export type BildFehler = "tooMany" | "tooLarge" | "notImage" | "empty";

/**
 * The checks before an image upload (SPEC §9: JPEG, PNG or WebP by content, at most 5 per article, at most
 * 10 MB): `vorhanden` is how many the article has; `anfang` the file's first bytes. null = fine.
 */
export function bildFehler(
  datei: { size: number },
  anfang: Uint8Array,
  vorhanden: number,
): BildFehler | null {
  if (vorhanden >= ARTIKEL_BILDER_MAX) return "tooMany";
  if (datei.size === 0) return "empty";
  if (datei.size > ARTIKEL_BILD_MAX_BYTES) return "tooLarge";
  const typ = sniffImageType(anfang);
  if (typ !== "image/jpeg" && typ !== "image/png" && typ !== "image/webp") return "notImage";
  return null;
}

/** Moves the item at `from` by `by` places (−1 left, +1 right); out of range leaves the list as it is. */
export function verschieben<T>(liste: readonly T[], from: number, by: number): T[] {
  const to = from + by;
  if (from < 0 || from >= liste.length || to < 0 || to >= liste.length) return [...liste];
  const next = [...liste];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}
