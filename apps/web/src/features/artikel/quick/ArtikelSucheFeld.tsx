import type { TArtikelZeile } from "@kontor/domain/artikel/artikel.api";
import { Badge, Group, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import {
  EntitySearchField,
  type EntitySearchFieldBase,
  type SucheAnstoss,
} from "../../../components/search/EntitySearchField.tsx";
import { ARTIKEL_SUCHE_DEBOUNCE_MS, artikelSucheQuery } from "./artikelQuick.api.ts";

/** A search started from outside (QR scan with several hits): the field shows it with its list open. */
export type ArtikelSucheAnstoss = SucheAnstoss;

export interface ArtikelSucheFeldProps extends EntitySearchFieldBase<TArtikelZeile> {
  /** Lendable articles only. */
  verleihbar?: boolean;
  /** Buttons after the input's own (detail search, QR scan). */
  aktionen?: ReactNode;
  /** How many buttons `aktionen` holds (for the width of the right section). */
  aktionenAnzahl?: number;
  /** Show this search with its hits (see ArtikelSucheAnstoss). */
  anstoss?: ArtikelSucheAnstoss | null;
}

/**
 * The search field of the article dropdown (SPEC §2), without the dialogs (ArtikelSearchSelect adds them): the
 * entity search (EntitySearchField) over GET artikelsearch, 200 ms after the last keystroke. Each option shows the
 * name, the number and "gelöscht" / "gesperrt" marks. Default label "Artikel", placeholder SPEC §2
 * 'Schnellsuche: Artikelbezeichnung oder Artikelnummer'.
 */
export function ArtikelSucheFeld({ verleihbar = false, label, placeholder, ...feld }: ArtikelSucheFeldProps) {
  const { t } = useTranslation("artikelsuche");
  const optionLabel = (row: TArtikelZeile) =>
    [
      row.artikelBezeichnung,
      row.artikelNummer ? t("suche.nummer", { nummer: row.artikelNummer }) : "",
      row.geloescht ? t("suche.geloescht") : "",
      row.locked ? t("suche.gesperrt") : "",
    ]
      .filter((part) => part !== "")
      .join(", ");

  return (
    <EntitySearchField
      {...feld}
      query={(search) => artikelSucheQuery(search, { verleihbar })}
      debounceMs={ARTIKEL_SUCHE_DEBOUNCE_MS}
      name={(row) => row.artikelBezeichnung}
      optionLabel={optionLabel}
      texte={{
        label: label ?? t("suche.label"),
        placeholder: placeholder ?? t("suche.placeholder"),
        laedt: t("suche.laedt"),
        fehler: t("suche.fehler"),
        leer: t("suche.leer"),
        neu: t("suche.neu"),
        entfernen: t("suche.entfernen"),
      }}
      renderOption={(row) => (
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Text size="sm" truncate style={{ minWidth: 0 }} c={row.geloescht ? "dimmed" : undefined}>
            {row.artikelBezeichnung}
          </Text>
          <Group gap={6} wrap="nowrap">
            {row.geloescht && (
              <Badge size="xs" variant="light" color="gray">
                {t("suche.geloescht")}
              </Badge>
            )}
            {row.locked && (
              <Badge size="xs" variant="light" color="orange">
                {t("suche.gesperrt")}
              </Badge>
            )}
            <Text size="xs" c="dimmed">
              {row.artikelNummer}
            </Text>
          </Group>
        </Group>
      )}
    />
  );
}
