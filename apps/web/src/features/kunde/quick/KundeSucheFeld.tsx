import type { TKundeZeile } from "@kontor/domain/kunde/kunde.api";
import { Badge, Group, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import {
  EntitySearchField,
  type EntitySearchFieldBase,
} from "../../../components/search/EntitySearchField.tsx";
import { KUNDE_SUCHE_DEBOUNCE_MS, kundeSucheQuery, plzOrt } from "./kundeQuick.api.ts";

export interface KundeSucheFeldProps extends EntitySearchFieldBase<TKundeZeile> {
  /** Suppliers (lieferantsearch) instead of customers (kundessearch). */
  lieferant?: boolean;
  /** Find deactivated customers too (they are marked "deaktiviert"). */
  includeDeactivated?: boolean;
}

/**
 * The search field of the customer dropdown (SPEC §2), without the create dialog (KundeSearchSelect adds it):
 * the entity search (EntitySearchField) over GET kundessearch or lieferantsearch; each option shows the display
 * name, "PLZ Ort", the customer number and a "deaktiviert" mark. Default label "Kunde" / "Lieferant".
 */
export function KundeSucheFeld({
  lieferant = false,
  includeDeactivated = false,
  label,
  placeholder,
  ...feld
}: KundeSucheFeldProps) {
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

  return (
    <EntitySearchField
      {...feld}
      query={(search) => kundeSucheQuery(search, { lieferant, includeDeactivated })}
      debounceMs={KUNDE_SUCHE_DEBOUNCE_MS}
      name={(row) => row.anzeigename}
      optionLabel={optionLabel}
      texte={{
        label: label ?? t(lieferant ? "suche.labelLieferant" : "suche.label"),
        placeholder: placeholder ?? t("suche.placeholder"),
        laedt: t("suche.laedt"),
        fehler: t("suche.fehler"),
        leer: t(lieferant ? "suche.leerLieferant" : "suche.leer"),
        neu: t(lieferant ? "suche.neuLieferant" : "suche.neu"),
        entfernen: t("suche.entfernen"),
      }}
      renderOption={(row) => {
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
      }}
    />
  );
}
