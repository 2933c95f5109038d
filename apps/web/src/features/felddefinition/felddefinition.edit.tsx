import { FELD_TYPEN, type TFeldTyp } from "@kontor/domain/felddefinition/felddefinition.codes";
import { valueFitsType } from "@kontor/domain/felddefinition/felddefinition.rules";
import type { TFeldBereich } from "@kontor/domain/felddefinition/felddefinition.schema";
import { BELEGS_TYPEN } from "@kontor/domain/typen/typen.codes";
import { Checkbox, Group, MultiSelect, Select, TextInput } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { DateInput } from "../../components/form/DateInput.tsx";
import { WholeNumberInput } from "../../components/form/WholeNumberInput.tsx";
import { ResourceEditPage } from "../../components/resource/ResourceEdit.tsx";
import type { Resource } from "../../components/resource/resource.ts";
import {
  emptyFelddefinition,
  type FelddefinitionRecord,
  type FelddefinitionValues,
  felddefinitionFromForm,
  felddefinitionToForm,
} from "./felddefinition.form.ts";
import {
  type FelddefinitionPrefix,
  felddefinitionLists,
  felddefinitionPrefix,
} from "./felddefinition.resource.ts";

type Form = UseFormReturnType<FelddefinitionValues>;

/**
 * The choices input, downloaded when a selection-list field is first shown (OptionenInput.tsx); until then a
 * disabled input of the same size stands in.
 */
const OptionenInput = lazy(() =>
  import("./OptionenInput.tsx").then((module) => ({ default: module.OptionenInput })),
);

/**
 * A field definition resource: the area's list (felddefinition.resource.ts) with the shared schema of its
 * `bereich` and the one form of all three, showing the fields that `bereich` has besides the common ones.
 */
function felddefinitionResource(
  bereich: TFeldBereich,
  schema: () => Promise<z.ZodType<FelddefinitionRecord>>,
): Resource<FelddefinitionRecord, FelddefinitionValues, "felddefinition"> {
  const prefix = felddefinitionPrefix(bereich);
  return {
    ...felddefinitionLists[bereich],
    schema,
    empty: emptyFelddefinition,
    toForm: felddefinitionToForm,
    fromForm: (values) => felddefinitionFromForm(bereich, values),
    Fields: function Fields({ form }) {
      return <FelddefinitionFields form={form} bereich={bereich} prefix={prefix} />;
    },
  };
}

function FelddefinitionFields({
  form,
  bereich,
  prefix,
}: {
  form: Form;
  bereich: TFeldBereich;
  prefix: FelddefinitionPrefix;
}) {
  const { t } = useTranslation("felddefinition");
  const { type, optionen } = form.getValues();

  // A default value that no longer fits (another type, a removed choice) is cleared rather than left as an error.
  const keepFittingValue = (nextType: TFeldTyp, nextOptionen: readonly string[]) => {
    const { value } = form.getValues();
    if (bereich === "kunde" && !valueFitsType(nextType, value, nextOptionen)) form.setFieldValue("value", "");
  };
  // Item errors ("optionen.2": a choice too long) show at the input like errors of the whole list.
  const optionenError =
    form.errors.optionen ?? Object.entries(form.errors).find(([path]) => path.startsWith("optionen."))?.[1];

  return (
    <>
      <Group grow align="flex-start">
        <TextInput
          label={t(`${prefix}.field.bezeichnung`)}
          description={bereich === "beleg" ? t("belegfelddefinition.hint.bezeichnung") : undefined}
          withAsterisk
          maxLength={100}
          key={form.key("bezeichnung")}
          {...form.getInputProps("bezeichnung")}
        />
        {bereich === "beleg" && (
          <TextInput
            label={t("belegfelddefinition.field.bezeichnungEn")}
            description={t("belegfelddefinition.hint.bezeichnungEn")}
            maxLength={100}
            key={form.key("bezeichnungEn")}
            {...form.getInputProps("bezeichnungEn")}
          />
        )}
      </Group>
      <Group grow align="flex-start">
        <Select
          label={t(`${prefix}.field.type`)}
          description={t(`${prefix}.hint.type`)}
          withAsterisk
          allowDeselect={false}
          data={FELD_TYPEN.map((code) => ({ value: code, label: t(`feldTyp.${code}`) }))}
          key={form.key("type")}
          {...form.getInputProps("type")}
          onChange={(next) => {
            if (next === null) return;
            const nextType = next as TFeldTyp;
            form.setFieldValue("type", nextType);
            keepFittingValue(nextType, form.getValues().optionen);
          }}
        />
        <WholeNumberInput
          label={t(`${prefix}.field.sortOrder`)}
          description={t(`${prefix}.hint.sortOrder`)}
          min={0}
          max={1_000_000}
          key={form.key("sortOrder")}
          {...form.getInputProps("sortOrder")}
        />
      </Group>
      {type === "SELECT" && (
        <Suspense
          fallback={
            <TextInput
              label={t(`${prefix}.field.optionen`)}
              description={t(`${prefix}.hint.optionen`)}
              withAsterisk
              disabled
              error={optionenError}
            />
          }
        >
          <OptionenInput
            label={t(`${prefix}.field.optionen`)}
            description={t(`${prefix}.hint.optionen`)}
            withAsterisk
            clearable
            maxLength={100}
            key={form.key("optionen")}
            {...form.getInputProps("optionen")}
            error={optionenError}
            onChange={(next) => {
              form.setFieldValue("optionen", next);
              keepFittingValue(form.getValues().type, next);
            }}
          />
        </Suspense>
      )}
      {bereich === "kunde" && <DefaultValueInput form={form} type={type} optionen={optionen} />}
      {bereich === "beleg" && (
        <MultiSelect
          label={t("belegfelddefinition.field.belegsTyps")}
          description={t("belegfelddefinition.hint.belegsTyps")}
          withAsterisk
          clearable
          data={BELEGS_TYPEN.map((code) => ({ value: code, label: t(`belegsTyp.${code}`) }))}
          key={form.key("belegsTyps")}
          {...form.getInputProps("belegsTyps")}
        />
      )}
      <Checkbox
        label={t(`${prefix}.field.search`)}
        description={t(`${prefix}.hint.search`)}
        key={form.key("search")}
        {...form.getInputProps("search", { type: "checkbox" })}
      />
      {bereich === "kunde" && (
        <Checkbox
          label={t("kundefelddefinition.field.printable")}
          description={t("kundefelddefinition.hint.printable")}
          key={form.key("printable")}
          {...form.getInputProps("printable", { type: "checkbox" })}
        />
      )}
      {bereich === "beleg" && (
        <Checkbox
          label={t("belegfelddefinition.field.printable")}
          description={t("belegfelddefinition.hint.printable")}
          key={form.key("printable")}
          {...form.getInputProps("printable", { type: "checkbox" })}
        />
      )}
    </>
  );
}

/** A customer field's default value, entered the way the field's type is (the stored value is text). */
function DefaultValueInput({
  form,
  type,
  optionen,
}: {
  form: Form;
  type: TFeldTyp;
  optionen: readonly string[];
}) {
  const { t } = useTranslation("felddefinition");
  const common = {
    label: t("kundefelddefinition.field.value"),
    description: t("kundefelddefinition.hint.value"),
  };
  const props = form.getInputProps("value");
  switch (type) {
    case "TEXT":
      return <TextInput {...common} maxLength={500} key={form.key("value")} {...props} />;
    case "NUMBER":
      return <TextInput {...common} inputMode="decimal" maxLength={30} key={form.key("value")} {...props} />;
    case "DATE":
      return <DateInput {...common} key={form.key("value")} {...props} />;
    case "BOOLEAN":
    case "SELECT": {
      const data =
        type === "BOOLEAN"
          ? [
              { value: "true", label: t("boolean.true") },
              { value: "false", label: t("boolean.false") },
            ]
          : [...new Set(optionen)].map((option) => ({ value: option, label: option }));
      return (
        <Select
          {...common}
          clearable
          data={data}
          key={form.key("value")}
          {...props}
          value={props.value === "" ? null : props.value}
          onChange={(next) => form.setFieldValue("value", next ?? "")}
        />
      );
    }
  }
}

const schemas = () => import("@kontor/domain/felddefinition/felddefinition.schema");
const kundefelddefinition = felddefinitionResource("kunde", () =>
  schemas().then((module) => module.ZKundeFelddefinition),
);
const artikelfelddefinition = felddefinitionResource("artikel", () =>
  schemas().then((module) => module.ZArtikelFelddefinition),
);
const belegfelddefinition = felddefinitionResource("beleg", () =>
  schemas().then((module) => module.ZBelegFelddefinition),
);

export const KundefelddefinitionEdit = () => <ResourceEditPage resource={kundefelddefinition} />;
export const ArtikelfelddefinitionEdit = () => <ResourceEditPage resource={artikelfelddefinition} />;
export const BelegfelddefinitionEdit = () => <ResourceEditPage resource={belegfelddefinition} />;
