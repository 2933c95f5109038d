import type { TKundeZeile } from "@kontor/domain/kunde/kunde.api";
import { Badge, CloseButton, Combobox, Group, Loader, Text, TextInput, useCombobox } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { KUNDE_SUCHE_DEBOUNCE_MS, kundeSucheQuery, plzOrt } from "./kundeQuick.api.ts";

/** Option value of "Neuen Kunden anlegen" (ids are numbers, so it cannot clash). */
const NEU = "__neu__";

export interface KundeSucheFeldProps {
  /** The chosen customer; null or absent = none. */
  value?: TKundeZeile | null;
  /** A customer was picked, or the choice was cleared (null). */
  onChange: (kunde: TKundeZeile | null) => void;
  /** Suppliers (lieferantsearch) instead of customers (kundessearch). */
  lieferant?: boolean;
  /** Default "Kunde" / "Lieferant". */
  label?: string;
  placeholder?: string;
  /** When nothing is found: offer "Neuen Kunden anlegen", which calls this with the typed text. */
  onAnlegen?: (text: string) => void;
  /** Nothing was found (and onAnlegen is there): a chance to prepare the create dialog. */
  onNichtsGefunden?: () => void;
  /** Find deactivated customers too (they are marked "deaktiviert"). */
  includeDeactivated?: boolean;
  error?: ReactNode;
  description?: ReactNode;
  disabled?: boolean;
  withAsterisk?: boolean;
  /** Focus this input when a surrounding modal opens. */
  autoFocus?: boolean;
}

/**
 * The search field of the customer dropdown (SPEC §2), without the create dialog (KundeSearchSelect adds it):
 * typing searches (after a pause, only with text) GET kundessearch or lieferantsearch; each option shows the
 * display name, "PLZ Ort", the customer number and a "deaktiviert" mark. Arrow keys and Enter choose, Escape
 * closes. Leaving the field with an unfinished search restores the chosen customer's name; emptying the field
 * clears the choice.
 */
export function KundeSucheFeld({
  value = null,
  onChange,
  lieferant = false,
  label,
  placeholder,
  onAnlegen,
  onNichtsGefunden,
  includeDeactivated = false,
  error,
  description,
  disabled,
  withAsterisk,
  autoFocus,
}: KundeSucheFeldProps) {
  const { t } = useTranslation("kundesuche");
  const id = useId();
  const gewaehlterName = value?.anzeigename ?? "";
  const [text, setText] = useState(gewaehlterName);
  // true while the input holds the user's search rather than the chosen customer's name.
  const [getippt, setGetippt] = useState(false);

  // A new choice from outside (or after choosing here) shows its name.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the id matters too (two customers of the same name)
  useEffect(() => {
    setText(gewaehlterName);
    setGetippt(false);
  }, [gewaehlterName, value?.id]);

  const suche = text.trim();
  const [verzoegert] = useDebouncedValue(suche, KUNDE_SUCHE_DEBOUNCE_MS);
  const sucht = getippt && suche !== "";
  const treffer = useQuery({
    ...kundeSucheQuery(verzoegert, { lieferant, includeDeactivated }),
    enabled: sucht && verzoegert !== "",
  });
  const laedt = sucht && (suche !== verzoegert || treffer.isFetching);
  const zeilen = sucht ? (treffer.data ?? []) : [];
  const nichtsGefunden = sucht && !laedt && treffer.isSuccess && zeilen.length === 0;

  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });

  const kannAnlegen = onAnlegen !== undefined;
  useEffect(() => {
    if (kannAnlegen && nichtsGefunden) onNichtsGefunden?.();
  }, [kannAnlegen, nichtsGefunden, onNichtsGefunden]);

  const waehle = (kunde: TKundeZeile | null) => {
    setText(kunde?.anzeigename ?? "");
    setGetippt(false);
    onChange(kunde);
  };

  const labelText = label ?? t(lieferant ? "suche.labelLieferant" : "suche.label");
  const optionLabel = (row: TKundeZeile) =>
    [
      row.anzeigename,
      plzOrt(row),
      row.kundenNummer ? t("suche.nummer", { nummer: row.kundenNummer }) : "",
      row.aktiv ? "" : t("suche.deaktiviert"),
    ]
      .filter((part) => part !== "")
      .join(", ");

  let inhalt: ReactNode;
  if (treffer.isError && !laedt) inhalt = <Combobox.Empty>{t("suche.fehler")}</Combobox.Empty>;
  else if (zeilen.length === 0 && !nichtsGefunden)
    inhalt = <Combobox.Empty>{t("suche.laedt")}</Combobox.Empty>;
  else if (nichtsGefunden)
    inhalt = (
      <>
        <Combobox.Empty>{t(lieferant ? "suche.leerLieferant" : "suche.leer")}</Combobox.Empty>
        {kannAnlegen && (
          <Combobox.Option value={NEU} c="blue">
            {t(lieferant ? "suche.neuLieferant" : "suche.neu")}
          </Combobox.Option>
        )}
      </>
    );
  else
    inhalt = zeilen.map((row) => {
      const ort = plzOrt(row);
      return (
        <Combobox.Option value={String(row.id)} key={row.id} aria-label={optionLabel(row)}>
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
        </Combobox.Option>
      );
    });

  return (
    <Combobox
      store={combobox}
      onOptionSubmit={(gewaehlt) => {
        combobox.closeDropdown();
        if (gewaehlt === NEU) {
          onAnlegen?.(suche);
          return;
        }
        const kunde = zeilen.find((row) => String(row.id) === gewaehlt);
        if (kunde) waehle(kunde);
      }}
    >
      <Combobox.Target withExpandedAttribute>
        <TextInput
          id={id}
          label={labelText}
          placeholder={placeholder ?? t("suche.placeholder")}
          description={description}
          error={error}
          disabled={disabled}
          withAsterisk={withAsterisk}
          data-autofocus={autoFocus || undefined}
          value={text}
          onChange={(event) => {
            const next = event.currentTarget.value;
            setText(next);
            setGetippt(true);
            combobox.resetSelectedOption();
            combobox.openDropdown();
            if (next.trim() === "" && value !== null) onChange(null);
          }}
          onFocus={(event) => {
            // The chosen name is selected, so typing starts a new search.
            if (!getippt) event.currentTarget.select();
          }}
          onClick={() => {
            if (sucht) combobox.openDropdown();
          }}
          onBlur={() => {
            combobox.closeDropdown();
            if (getippt) {
              setText(gewaehlterName);
              setGetippt(false);
            }
          }}
          rightSectionPointerEvents="all"
          rightSection={
            laedt ? (
              <Loader size={16} aria-label={t("suche.laedt")} />
            ) : value !== null && !disabled ? (
              <CloseButton
                size="sm"
                aria-label={t("suche.entfernen")}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => waehle(null)}
              />
            ) : null
          }
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={!sucht}>
        <Combobox.Options labelledBy={`${id}-label`} mah={320} style={{ overflowY: "auto" }}>
          {inhalt}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
