import type { TKundeZeile } from "@kontor/domain/kunde/kunde.api";
import { Badge, Group, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import {
  KUNDE_SUCHE_DEBOUNCE_MS,
  type KundeSucheOptionen,
  kundeSucheQuery,
  plzOrt,
} from "./kundeQuick.api.ts";

/**
 * What makes an EntitySearchField the customer search (SPEC §2): GET kundessearch or lieferantsearch, each option
 * with the display name, "PLZ Ort", the customer number and a "deaktiviert" mark, default label "Kunde" /
 * "Lieferant". KundeSearchField is built on it; the quick-create dialog uses it directly for its own customer
 * choice, since KundeSearchField loads that dialog (one would import the other both ways).
 */
export function useKundeSearchProps({
  lieferant = false,
  includeDeactivated = false,
  label,
  placeholder,
}: KundeSucheOptionen & { label?: string | undefined; placeholder?: string | undefined }) {
  const { t } = useTranslation("kundesuche");
  const optionLabel = (row: TKundeZeile) =>
    [
      row.anzeigename,
      plzOrt(row),
      row.kundenNummer ? t("suche.nummer", { nummer: row.kundenNummer }) : "",
      row.aktiv ? "" : t("suche.deaktiviert"),
    ]
      .filter((part) => part !== "")
      .join(", ");

  return {
    query: (search: string) => kundeSucheQuery(search, { lieferant, includeDeactivated }),
    debounceMs: KUNDE_SUCHE_DEBOUNCE_MS,
    name: (row: TKundeZeile) => row.anzeigename,
    optionLabel,
    texte: {
      label: label ?? t(lieferant ? "suche.labelLieferant" : "suche.label"),
      placeholder: placeholder ?? t("suche.placeholder"),
      laedt: t("suche.laedt"),
      fehler: t("suche.fehler"),
      leer: t(lieferant ? "suche.leerLieferant" : "suche.leer"),
      neu: t(lieferant ? "suche.neuLieferant" : "suche.neu"),
      entfernen: t("suche.entfernen"),
    },
    renderOption: (row: TKundeZeile) => {
      const ort = plzOrt(row);
      return (
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <div style={{ minWidth: 0 }}>
            <Text size="sm" truncate>
              {row.anzeigename}
            </Text>
            {ort !== "" && (
              <Text size="xs" c="dimmed" truncate>
                {ort}
              </Text>
            )}
          </div>
          <Group gap={6} wrap="nowrap">
            {!row.aktiv && (
              <Badge size="xs" variant="light" color="gray">
                {t("suche.deaktiviert")}
              </Badge>
            )}
            <Text size="xs" c="dimmed">
              {row.kundenNummer}
            </Text>
          </Group>
        </Group>
      );
    },
  };
}
