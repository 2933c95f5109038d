import { valueFitsType } from "@kontor/domain/felddefinition/felddefinition.rules";
import type { TArtikelFelddefinition } from "@kontor/domain/felddefinition/felddefinition.schema";
import { Alert, Anchor, Checkbox, Loader, Select, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import type { UseQueryResult } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { DateInput } from "../form/DateInput.tsx";
import { useProblemMessage } from "../problemMessage.ts";

/** One stored value of a custom field: text as stored (numbers as typed, dates ISO, yes/no "true"/"false"). */
export interface Feldwert {
  felddefinitionId: number;
  value: string;
}

/** What every field definition kind (customer, article) has that the inputs need. */
export type Feldwertdefinition = Pick<
  TArtikelFelddefinition,
  "id" | "bezeichnung" | "type" | "optionen" | "sortOrder"
>;

/**
 * The part of a form the inputs use: the list of values at `P` (e.g. "kundeFelder", "artikelFelder"). Any Mantine
 * form whose values have `P: Feldwert[]` fits.
 */
export interface FeldwerteForm<P extends string> {
  getValues: () => { [K in P]: readonly Feldwert[] };
  errors: Record<string, ReactNode>;
  insertListItem: (path: P, item: Feldwert) => void;
  setFieldValue: (path: `${P}.${number}.value`, value: string) => void;
  clearFieldError: (path: `${P}.${number}.value`) => void;
}

/** What differs between the customer's and the article's Felder tab. */
export interface FeldwerteTexte {
  /** The loader's label. */
  laden: string;
  ladenFehler: string;
  /** No definitions yet. */
  leer: string;
  /** The link to the definitions' list. */
  verwalten: string;
}

/**
 * Felder: one input per custom field definition (SPEC §3 kundeFelder / artikelFelder), ordered by sortOrder, by
 * its type. Values are text as stored: numbers as typed, dates ISO, yes/no "true"/"false", a choice as its text.
 */
export function FeldwerteFelder<P extends string>({
  form,
  pfad,
  definitionen,
  verwaltenPfad,
  texte,
}: {
  form: FeldwerteForm<P>;
  pfad: P;
  definitionen: UseQueryResult<readonly Feldwertdefinition[]>;
  /** Where the definitions are managed (e.g. "/kundefelddefinition_list"). */
  verwaltenPfad: string;
  texte: FeldwerteTexte;
}) {
  const problemMessage = useProblemMessage();

  if (definitionen.isPending) return <Loader size="sm" aria-label={texte.laden} />;
  if (definitionen.isError)
    return (
      <Alert color="red" role="alert" title={texte.ladenFehler}>
        {problemMessage(definitionen.error)}
      </Alert>
    );
  const liste = [...definitionen.data].sort((a, b) => a.sortOrder - b.sortOrder || (a.id ?? 0) - (b.id ?? 0));
  if (liste.length === 0)
    return (
      <Stack gap={4}>
        <Text c="dimmed" size="sm">
          {texte.leer}
        </Text>
        <Anchor component={Link} to={verwaltenPfad} size="sm">
          {texte.verwalten}
        </Anchor>
      </Stack>
    );

  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      {liste.map((definition) =>
        definition.id === undefined ? null : (
          <FeldInput key={definition.id} form={form} pfad={pfad} definition={definition} />
        ),
      )}
    </SimpleGrid>
  );
}

function FeldInput<P extends string>({
  form,
  pfad,
  definition,
}: {
  form: FeldwerteForm<P>;
  pfad: P;
  definition: Feldwertdefinition;
}) {
  const { t } = useTranslation("validation");
  const felder = form.getValues()[pfad];
  const id = definition.id as number;
  const index = felder.findIndex((feld) => feld.felddefinitionId === id);
  const value = index === -1 ? "" : (felder[index]?.value ?? "");
  const path = `${pfad}.${index}.value` as const;
  const serverFehler = index === -1 ? undefined : form.errors[path];
  // The type rule the server applies too (valueFitsType), shown as typed.
  const fehler =
    serverFehler ?? (valueFitsType(definition.type, value, definition.optionen) ? undefined : t("invalid"));

  const setzen = (next: string) => {
    if (index === -1) form.insertListItem(pfad, { felddefinitionId: id, value: next });
    else {
      form.setFieldValue(path, next);
      form.clearFieldError(path);
    }
  };
  const common = { label: definition.bezeichnung, error: fehler };

  switch (definition.type) {
    case "BOOLEAN":
      return (
        <Checkbox
          {...common}
          mt="lg"
          checked={value === "true"}
          onChange={(event) => setzen(event.currentTarget.checked ? "true" : "false")}
        />
      );
    case "DATE":
      return <DateInput {...common} value={value} onChange={setzen} />;
    case "SELECT":
      return (
        <Select
          {...common}
          data={definition.optionen}
          clearable
          value={value || null}
          onChange={(next) => setzen(next ?? "")}
        />
      );
    default:
      return (
        <TextInput
          {...common}
          inputMode={definition.type === "NUMBER" ? "decimal" : undefined}
          maxLength={500}
          value={value}
          onChange={(event) => setzen(event.currentTarget.value)}
        />
      );
  }
}
