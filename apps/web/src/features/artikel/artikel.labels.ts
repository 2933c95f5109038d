import type { TFunction } from "i18next";

/** The label of a required input for "Zum Speichern fehlt: …" (rows: "Preis 2: Gültig ab"). */
export function feldLabel(t: TFunction<"artikel">, path: string): string {
  const [head, indexText, leaf] = path.split(".");
  const n = Number(indexText) + 1;
  if (head === "artikelPreisSet")
    return t("save.preisZeile", { n, feld: t(leaf === "vonDatum" ? "preis.vonDatum" : "preis.preis") });
  if (head === "artikelLieferantSet") return t("save.lieferantZeile", { n, feld: t("lieferant.lieferant") });
  if (head === "mehrwertssteuer") return t("field.mehrwertssteuer");
  if (head === "artikelBezeichnung") return t("field.artikelBezeichnung");
  return path;
}
