import { valueFitsType } from "@kontor/domain/felddefinition/felddefinition.rules";
import type { TArtikelFelddefinition } from "@kontor/domain/felddefinition/felddefinition.schema";
import { Alert, Anchor, Checkbox, Loader, Select, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { DateInput } from "../../components/form/DateInput.tsx";
import { useProblemMessage } from "../../components/problemMessage.ts";
import { artikelFelddefinitionenQuery } from "./artikel.api.ts";
import type { ArtikelForm } from "./artikel.form.ts";

/**
 * Felder: one input per article field definition (SPEC §3 artikelFelder), ordered by sortOrder, by its type — as
 * the customer's Felder tab. Values are text as stored: numbers as typed, dates ISO, yes/no "true"/"false".
 */
export function ArtikelFelder({ form }: { form: ArtikelForm }) {
  const { t } = useTranslation("artikel");
  const problemMessage = useProblemMessage();
  const definitionen = useQuery(artikelFelddefinitionenQuery);

  if (definitionen.isPending) return <Loader size="sm" aria-label={t("edit.laden")} />;
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
        <Anchor component={Link} to="/artikelfelddefinition_list" size="sm">
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

function FeldInput({ form, definition }: { form: ArtikelForm; definition: TArtikelFelddefinition }) {
  const { t } = useTranslation(["artikel", "validation"]);
  const felder = form.getValues().artikelFelder;
  const id = definition.id as number;
  const index = felder.findIndex((feld) => feld.felddefinitionId === id);
  const value = index === -1 ? "" : (felder[index]?.value ?? "");
  const path = `artikelFelder.${index}.value` as const;
  const serverFehler = index === -1 ? undefined : form.errors[path];
  const fehler =
    serverFehler ??
    (valueFitsType(definition.type, value, definition.optionen) ? undefined : t("validation:invalid"));

  const setzen = (next: string) => {
    if (index === -1) form.insertListItem("artikelFelder", { felddefinitionId: id, value: next });
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
