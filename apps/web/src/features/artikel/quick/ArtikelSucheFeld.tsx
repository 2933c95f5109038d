import type { TArtikelZeile } from "@kontor/domain/artikel/artikel.api";
import { Badge, CloseButton, Combobox, Group, Loader, Text, TextInput, useCombobox } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ARTIKEL_SUCHE_DEBOUNCE_MS, artikelSucheQuery } from "./artikelQuick.api.ts";

/** Option value of "Neuen Artikel anlegen" (ids are numbers, so it cannot clash). */
const NEU = "__neu__";

/** A search started from outside (QR scan with several hits): the field shows it with its list open. */
export interface ArtikelSucheAnstoss {
  text: string;
  /** Changes with every request, so the same text can be shown twice. */
  nr: number;
}

export interface ArtikelSucheFeldProps {
  /** The chosen article; null or absent = none. */
  value?: TArtikelZeile | null;
  /** An article was picked, or the choice was cleared (null). */
  onChange: (artikel: TArtikelZeile | null) => void;
  /** Lendable articles only. */
  verleihbar?: boolean;
  /** Default "Artikel". */
  label?: string;
  /** Default SPEC §2 'Schnellsuche: Artikelbezeichnung oder Artikelnummer'. */
  placeholder?: string;
  /** When nothing is found: offer "Neuen Artikel anlegen", which calls this with the typed text. */
  onAnlegen?: (text: string) => void;
  /** Nothing was found (and onAnlegen is there): a chance to prepare the create dialog. */
  onNichtsGefunden?: () => void;
  /** Buttons after the input's own (detail search, QR scan). */
  aktionen?: ReactNode;
  /** How many buttons `aktionen` holds (for the width of the right section). */
  aktionenAnzahl?: number;
  /** Show this search with its hits (see ArtikelSucheAnstoss). */
  anstoss?: ArtikelSucheAnstoss | null;
  error?: ReactNode;
  description?: ReactNode;
  disabled?: boolean;
  withAsterisk?: boolean;
  /** Focus this input when a surrounding modal opens. */
  autoFocus?: boolean;
}

/**
 * The search field of the article dropdown (SPEC §2), without the dialogs (ArtikelSearchSelect adds them): typing
 * searches GET artikelsearch 200 ms after the last keystroke, only with text; a search a newer one replaces is
 * cancelled. Each option shows the name, the number and "gelöscht" / "gesperrt" marks. Arrow keys and Enter
 * choose, Escape closes. Leaving the field with an unfinished search restores the chosen article's name; emptying
 * the field clears the choice.
 */
export function ArtikelSucheFeld({
  value = null,
  onChange,
  verleihbar = false,
  label,
  placeholder,
  onAnlegen,
  onNichtsGefunden,
  aktionen,
  aktionenAnzahl = 0,
  anstoss = null,
  error,
  description,
  disabled,
  withAsterisk,
  autoFocus,
}: ArtikelSucheFeldProps) {
  const { t } = useTranslation("artikelsuche");
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const gewaehlterName = value?.artikelBezeichnung ?? "";
  const [text, setText] = useState(gewaehlterName);
  // true while the input holds the user's search rather than the chosen article's name.
  const [getippt, setGetippt] = useState(false);

  // A new choice from outside (or after choosing here) shows its name.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the id matters too (two articles of the same name)
  useEffect(() => {
    setText(gewaehlterName);
    setGetippt(false);
  }, [gewaehlterName, value?.id]);

  const suche = text.trim();
  const [verzoegert] = useDebouncedValue(suche, ARTIKEL_SUCHE_DEBOUNCE_MS);
  const sucht = getippt && suche !== "";
  const treffer = useQuery({
    ...artikelSucheQuery(verzoegert, { verleihbar }),
    enabled: sucht && verzoegert !== "",
  });
  const laedt = sucht && (suche !== verzoegert || treffer.isFetching);
  const zeilen = sucht ? (treffer.data ?? []) : [];
  const nichtsGefunden = sucht && !laedt && treffer.isSuccess && zeilen.length === 0;

  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });

  // A search from outside: its text in the field, the list open (its hits are usually in the cache already).
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new request counts, not a new combobox store
  useEffect(() => {
    if (anstoss === null) return;
    setText(anstoss.text);
    setGetippt(true);
    inputRef.current?.focus();
    combobox.openDropdown();
  }, [anstoss]);

  const kannAnlegen = onAnlegen !== undefined;
  useEffect(() => {
    if (kannAnlegen && nichtsGefunden) onNichtsGefunden?.();
  }, [kannAnlegen, nichtsGefunden, onNichtsGefunden]);

  const waehle = (artikel: TArtikelZeile | null) => {
    setText(artikel?.artikelBezeichnung ?? "");
    setGetippt(false);
    onChange(artikel);
  };

  const optionLabel = (row: TArtikelZeile) =>
    [
      row.artikelBezeichnung,
      row.artikelNummer ? t("suche.nummer", { nummer: row.artikelNummer }) : "",
      row.geloescht ? t("suche.geloescht") : "",
      row.locked ? t("suche.gesperrt") : "",
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
        <Combobox.Empty>{t("suche.leer")}</Combobox.Empty>
        {kannAnlegen && (
          <Combobox.Option value={NEU} c="blue">
            {t("suche.neu")}
          </Combobox.Option>
        )}
      </>
    );
  else
    inhalt = zeilen.map((row) => (
      <Combobox.Option value={String(row.id)} key={row.id} aria-label={optionLabel(row)}>
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
      </Combobox.Option>
    ));

  const eigene = laedt ? (
    <Loader size={16} aria-label={t("suche.laedt")} />
  ) : value !== null && !disabled ? (
    <CloseButton
      size="sm"
      aria-label={t("suche.entfernen")}
      onMouseDown={(event) => event.preventDefault()}
      onClick={() => waehle(null)}
    />
  ) : null;

  return (
    <Combobox
      store={combobox}
      onOptionSubmit={(gewaehlt) => {
        combobox.closeDropdown();
        if (gewaehlt === NEU) {
          onAnlegen?.(suche);
          return;
        }
        const artikel = zeilen.find((row) => String(row.id) === gewaehlt);
        if (artikel) waehle(artikel);
      }}
    >
      <Combobox.Target withExpandedAttribute>
        <TextInput
          ref={inputRef}
          id={id}
          label={label ?? t("suche.label")}
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
          rightSectionWidth={aktionenAnzahl > 0 ? 30 * (aktionenAnzahl + 1) + 4 : undefined}
          rightSection={
            aktionenAnzahl > 0 ? (
              <Group gap={2} wrap="nowrap" justify="flex-end" pr={4} style={{ width: "100%" }}>
                <Group w={26} justify="center">
                  {eigene}
                </Group>
                {aktionen}
              </Group>
            ) : (
              eigene
            )
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
