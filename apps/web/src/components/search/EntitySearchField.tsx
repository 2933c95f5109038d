import { CloseButton, Combobox, Group, Loader, TextInput, useCombobox } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { type QueryKey, type UseQueryOptions, useQuery } from "@tanstack/react-query";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";

/** Option value of the quick-create offer (ids are numbers, so it cannot clash). */
const NEU = "__neu__";

/** A search started from outside (a QR scan with several hits): the field shows it with its list open. */
export interface SucheAnstoss {
  text: string;
  /** Changes with every request, so the same text can be shown twice. */
  nr: number;
}

/** The texts of an entity search, in the entity's words. */
export interface EntitySearchTexte {
  label: string;
  placeholder: string;
  /** While searching (loader and list). */
  laedt: string;
  fehler: string;
  /** Nothing found. */
  leer: string;
  /** The quick-create offer when nothing is found. */
  neu: string;
  /** The button that clears the choice. */
  entfernen: string;
}

/** What the entity's field passes on from its users. */
export interface EntitySearchFieldBase<T> {
  /** The chosen row; null or absent = none. */
  value?: T | null;
  /** A row was picked, or the choice was cleared (null). */
  onChange: (row: T | null) => void;
  label?: string;
  placeholder?: string;
  /** When nothing is found: offer to create one, which calls this with the typed text. */
  onAnlegen?: (text: string) => void;
  /** Nothing was found (and onAnlegen is there): a chance to prepare the create dialog. */
  onNichtsGefunden?: () => void;
  error?: ReactNode;
  description?: ReactNode;
  disabled?: boolean;
  withAsterisk?: boolean;
  /** Focus this input when a surrounding modal opens. */
  autoFocus?: boolean;
  /**
   * The search box of a list (issue 21: one box): every typed text goes here too (the list filters by it), the
   * field starts with `listText` and keeps the typed text when left.
   */
  onListText?: (text: string) => void;
  listText?: string;
}

export interface EntitySearchFieldProps<T extends { id: number }, K extends QueryKey>
  extends Omit<EntitySearchFieldBase<T>, "label" | "placeholder"> {
  /** The search of a text; its queryFn hands the signal to fetch, so a search a newer one replaces is cancelled. */
  query: (search: string) => UseQueryOptions<T[], Error, T[], K>;
  /** Pause after the last keystroke before searching. */
  debounceMs: number;
  /** The text the input shows for a chosen row. */
  name: (row: T) => string;
  /** An option's content, and its accessible name. */
  renderOption: (row: T) => ReactNode;
  optionLabel: (row: T) => string;
  texte: EntitySearchTexte;
  /** Buttons after the input's own (detail search, QR scan), and how many they are (the section's width). */
  aktionen?: ReactNode;
  aktionenAnzahl?: number;
  /** Show this search with its hits (see SucheAnstoss). */
  anstoss?: SucheAnstoss | null;
}

/**
 * The quick search of an entity (customer, article; later documents and projects; SPEC §2): typing searches after
 * a pause, only with text; a search a newer one replaces is cancelled. Options are rendered by the caller. When
 * nothing is found it can offer quick create. Arrow keys and Enter choose, Escape closes. Leaving the field with
 * an unfinished search restores the chosen row's name; emptying the field clears the choice.
 */
export function EntitySearchField<T extends { id: number }, K extends QueryKey>({
  value = null,
  onChange,
  query,
  debounceMs,
  name,
  renderOption,
  optionLabel,
  texte,
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
  onListText,
  listText,
}: EntitySearchFieldProps<T, K>) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const gewaehlterName = value ? name(value) : "";
  const listenFeld = onListText !== undefined;
  const [text, setText] = useState(gewaehlterName || (listText ?? ""));
  // true while the input holds the user's search rather than the chosen row's name.
  const [getippt, setGetippt] = useState(false);

  // A new choice from outside (or after choosing here) shows its name.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the id matters too (two rows of the same name)
  useEffect(() => {
    if (listenFeld && value === null) return;
    setText(gewaehlterName);
    setGetippt(false);
  }, [gewaehlterName, value?.id]);

  const suche = text.trim();
  const [verzoegert] = useDebouncedValue(suche, debounceMs);
  const sucht = getippt && suche !== "";
  const treffer = useQuery({ ...query(verzoegert), enabled: sucht && verzoegert !== "" });
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

  const waehle = (row: T | null) => {
    setText(row ? name(row) : "");
    setGetippt(false);
    onChange(row);
  };

  let inhalt: ReactNode;
  if (treffer.isError && !laedt) inhalt = <Combobox.Empty>{texte.fehler}</Combobox.Empty>;
  else if (zeilen.length === 0 && !nichtsGefunden) inhalt = <Combobox.Empty>{texte.laedt}</Combobox.Empty>;
  else if (nichtsGefunden)
    inhalt = (
      <>
        <Combobox.Empty>{texte.leer}</Combobox.Empty>
        {kannAnlegen && (
          <Combobox.Option value={NEU} c="blue">
            {texte.neu}
          </Combobox.Option>
        )}
      </>
    );
  else
    inhalt = zeilen.map((row) => (
      <Combobox.Option value={String(row.id)} key={row.id} aria-label={optionLabel(row)}>
        {renderOption(row)}
      </Combobox.Option>
    ));

  const eigene = laedt ? (
    <Loader size={16} aria-label={texte.laedt} />
  ) : value !== null && !disabled ? (
    <CloseButton
      size="sm"
      aria-label={texte.entfernen}
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
        const row = zeilen.find((zeile) => String(zeile.id) === gewaehlt);
        if (row) waehle(row);
      }}
    >
      <Combobox.Target withExpandedAttribute>
        <TextInput
          ref={inputRef}
          id={id}
          label={texte.label}
          placeholder={texte.placeholder}
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
            onListText?.(next);
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
            if (getippt && !listenFeld) {
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
