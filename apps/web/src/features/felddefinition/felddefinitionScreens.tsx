import { valueFitsType } from "@kontor/domain/felddefinition/felddefinition.rules";
import {
  FELD_TYPEN,
  type TFeldBereich,
  type TFeldTyp,
  ZArtikelFelddefinition,
  ZBelegFelddefinition,
  ZKundeFelddefinition,
} from "@kontor/domain/felddefinition/felddefinition.schema";
import { BELEGS_TYPEN, type TBelegsTyp } from "@kontor/domain/typen/typen";
import { Checkbox, Group, MultiSelect, NumberInput, Select, TagsInput, TextInput } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { DateInput } from "../../components/form/DateInput.tsx";
import type { ListColumn } from "../../components/list/listTypes.ts";
import { ResourceEditPage, ResourceList } from "../../components/resource/ResourceScreens.tsx";
import type { Resource } from "../../components/resource/resource.ts";
import {
  emptyFelddefinition,
  type FelddefinitionRecord,
  type FelddefinitionValues,
  felddefinitionFromForm,
  felddefinitionToForm,
} from "./felddefinition.form.ts";

type Prefix = `${TFeldBereich}felddefinition`;
type Form = UseFormReturnType<FelddefinitionValues>;
type T = TFunction<"felddefinition">;

/** The three resources differ only in these: where they live and which fields they have besides the common ones. */
interface Bereich {
  bereich: TFeldBereich;
  api: string;
  schema: z.ZodType<FelddefinitionRecord>;
}

/**
 * A self-defined field of customers, articles or documents (SPEC §2/§3, one table behind three API paths):
 * /{bereich}felddefinition_list/ and /{bereich}felddefinition/{slug}, sorted by sortOrder (SPEC §9).
 */
function felddefinitionResource({
  bereich,
  api,
  schema,
}: Bereich): Resource<FelddefinitionRecord, FelddefinitionValues, "felddefinition"> {
  const prefix: Prefix = `${bereich}felddefinition`;
  const printable = bereich !== "artikel";
  return {
    key: prefix,
    api,
    schema,
    ns: "felddefinition",
    prefix,
    listPath: `/${prefix}_list`,
    editPath: (id) => `/${prefix}/${id}`,
    columns: (t) => {
      const columns: ListColumn<FelddefinitionRecord>[] = [
        { field: "bezeichnung", title: t(`${prefix}.field.bezeichnung`) },
        { field: "type", title: t(`${prefix}.field.type`), render: (r) => t(`feldTyp.${r.type}`) },
      ];
      if (bereich === "beleg")
        columns.push({
          field: "belegsTypsString",
          title: t("belegfelddefinition.field.belegsTypsString"),
          sortable: false,
          render: (r) => belegsTypNames(t, r.belegsTyps ?? []),
        });
      columns.push(
        { field: "sortOrder", title: t(`${prefix}.field.sortOrder`), width: 130, textAlign: "right" },
        { field: "search", title: t(`${prefix}.column.search`), width: 100, textAlign: "center" },
      );
      if (printable)
        columns.push({
          field: "printable",
          title: t(
            bereich === "kunde"
              ? "kundefelddefinition.column.printable"
              : "belegfelddefinition.column.printable",
          ),
          sortable: false,
          width: 100,
          textAlign: "center",
        });
      return columns;
    },
    defaultSort: { field: "sortOrder", direction: "asc" },
    label: (r) => r.bezeichnung,
    empty: emptyFelddefinition,
    toForm: felddefinitionToForm,
    fromForm: (values) => felddefinitionFromForm(bereich, values),
    Fields: function Fields({ form }) {
      return <FelddefinitionFields form={form} bereich={bereich} prefix={prefix} />;
    },
  };
}

/** Document types by their translated names, in the contract's order (the API keeps them so). */
function belegsTypNames(t: T, typs: readonly TBelegsTyp[]): string {
  return typs.map((typ) => t(`belegsTyp.${typ}`)).join(", ");
}

function FelddefinitionFields({
  form,
  bereich,
  prefix,
}: {
  form: Form;
  bereich: TFeldBereich;
  prefix: Prefix;
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
        <NumberInput
          label={t(`${prefix}.field.sortOrder`)}
          description={t(`${prefix}.hint.sortOrder`)}
          allowDecimal={false}
          allowNegative={false}
          min={0}
          max={1_000_000}
          key={form.key("sortOrder")}
          {...form.getInputProps("sortOrder")}
        />
      </Group>
      {type === "SELECT" && (
        <TagsInput
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

const kundefelddefinition = felddefinitionResource({
  bereich: "kunde",
  api: "kundefelddefinitions",
  schema: ZKundeFelddefinition,
});
const artikelfelddefinition = felddefinitionResource({
  bereich: "artikel",
  api: "artikelfelddefinitions",
  schema: ZArtikelFelddefinition,
});
const belegfelddefinition = felddefinitionResource({
  bereich: "beleg",
  api: "belegfelddefinitions",
  schema: ZBelegFelddefinition,
});

export const KundefelddefinitionList = () => <ResourceList resource={kundefelddefinition} />;
export const KundefelddefinitionEdit = () => <ResourceEditPage resource={kundefelddefinition} />;
export const ArtikelfelddefinitionList = () => <ResourceList resource={artikelfelddefinition} />;
export const ArtikelfelddefinitionEdit = () => <ResourceEditPage resource={artikelfelddefinition} />;
export const BelegfelddefinitionList = () => <ResourceList resource={belegfelddefinition} />;
export const BelegfelddefinitionEdit = () => <ResourceEditPage resource={belegfelddefinition} />;
