import { valueFitsType } from "@kontor/domain/felddefinition/felddefinition.rules";
import type { TKundeFelddefinition } from "@kontor/domain/felddefinition/felddefinition.schema";
import { Alert, Anchor, Checkbox, Loader, Select, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { DateInput } from "../../components/form/DateInput.tsx";
import { useProblemMessage } from "../../components/problemMessage.ts";
import { felddefinitionenQuery } from "./kunde.api.ts";
import type { KundeForm } from "./kunde.form.ts";

/**
 * Felder: one input per customer field definition (SPEC §3 kundeFelder), ordered by sortOrder, by its type.
 * Values are text as stored: numbers as typed, dates ISO, yes/no "true"/"false", a choice as its text.
 */
export function KundeFelder({ form }: { form: KundeForm }) {
  const { t } = useTranslation("kunde");
  const problemMessage = useProblemMessage();
  const definitionen = useQuery(felddefinitionenQuery);

  if (definitionen.isPending) return <Loader size="sm" aria-label={t("konditionen.laden")} />;
  if (definitionen.isError)
    return (
      <Alert color="red" role="alert" title={t("felder.ladenFehler")}>
        {problemMessage(definitionen.error)}
      </Alert>
    );
  const liste = [...definitionen.data].sort((a, b) => a.sortOrder - b.sortOrder || (a.id ?? 0) - (b.id ?? 0));
  if (liste.length === 0)
    return (
      <Stack gap={4}>
        <Text c="dimmed" size="sm">
          {t("felder.leer")}
        </Text>
        <Anchor component={Link} to="/kundefelddefinition_list" size="sm">
          {t("felder.verwalten")}
        </Anchor>
      </Stack>
    );

  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      {liste.map((definition) =>
        definition.id === undefined ? null : (
          <FeldInput key={definition.id} form={form} definition={definition} />
        ),
      )}
    </SimpleGrid>
  );
}

function FeldInput({ form, definition }: { form: KundeForm; definition: TKundeFelddefinition }) {
  const { t } = useTranslation(["kunde", "validation"]);
  const felder = form.getValues().kundeFelder;
  const id = definition.id as number;
  const index = felder.findIndex((feld) => feld.felddefinitionId === id);
  const value = index === -1 ? "" : (felder[index]?.value ?? "");
  const path = `kundeFelder.${index}.value` as const;
  const serverFehler = index === -1 ? undefined : form.errors[path];
  // The type rule the server applies too (valueFitsType), shown as typed.
  const fehler =
    serverFehler ??
    (valueFitsType(definition.type, value, definition.optionen) ? undefined : t("validation:invalid"));

  const setzen = (next: string) => {
    if (index === -1) form.insertListItem("kundeFelder", { felddefinitionId: id, value: next });
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
    case "NUMBER":
      return (
        <TextInput
          {...common}
          inputMode="decimal"
          maxLength={500}
          value={value}
          onChange={(event) => setzen(event.currentTarget.value)}
        />
      );
    default:
      return (
        <TextInput
          {...common}
          maxLength={500}
          value={value}
          onChange={(event) => setzen(event.currentTarget.value)}
        />
      );
  }
}
