import { MAX_LAST_NUMMER } from "@kontor/domain/nummernkreis/nummernkreis.rules";
import type { TBelegnummerkreis, TRechnungskreis } from "@kontor/domain/nummernkreis/nummernkreis.schema";
import { DEFAULT_NUMBER_PATTERN, parsePattern } from "@kontor/domain/nummernkreis/nummernmuster.rules";
import { BELEGS_TYPEN, type TBelegsTyp } from "@kontor/domain/typen/typen.codes";
import { Checkbox, MultiSelect, SimpleGrid, TextInput } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { api } from "../../app/api.ts";
import { WholeNumberInput, type WholeNumberInputProps } from "../../components/form/WholeNumberInput.tsx";
import { ResourceEditPage } from "../../components/resource/ResourceEdit.tsx";
import { orUndefined, type Resource } from "../../components/resource/resource.ts";
import { NextNumberPreview } from "./NextNumberPreview.tsx";
import { belegnummerkreisList, rechnungskreisList } from "./nummernkreis.resource.tsx";

/** A counter input: whole numbers from `min` up to what the counter column holds. */
function CounterInput(props: WholeNumberInputProps) {
  return <WholeNumberInput max={MAX_LAST_NUMMER} {...props} />;
}

/** The pattern input with the token hint; the reason of an invalid pattern instead of the generic "format". */
function PatternInput<V>({
  form,
  field,
  label,
}: {
  form: UseFormReturnType<V>;
  field: string;
  label: string;
}) {
  const { t } = useTranslation("nummernkreis");
  const props = form.getInputProps(field);
  const parsed = parsePattern(String(props.value ?? "").trim());
  const error =
    props.error && !parsed.ok && props.value !== "" ? t(`pattern.error.${parsed.code}`) : props.error;
  return (
    <TextInput
      label={label}
      description={t("pattern.hint")}
      withAsterisk
      maxLength={60}
      placeholder={DEFAULT_NUMBER_PATTERN}
      styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)" } }}
      key={form.key(field)}
      {...props}
      error={error}
    />
  );
}

// --- Document number circles (SPEC §3 belegnummerkreis) ---

interface BelegValues {
  id?: number;
  belegsTyps: TBelegsTyp[];
  nummernkreisPattern: string;
  lastNummer: number | "";
  nummerProJahr: boolean;
}

/**
 * All circles of the tenant (a type belongs to one circle only): refreshed with the resource's key. Only their
 * types are read; the server's response schema guarantees the shape (as for lists).
 */
const allBelegnummerkreise = {
  queryKey: ["belegnummerkreis", "all"] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api.get<TBelegnummerkreis[]>("belegnummerkreisall", { signal }),
};

const belegnummerkreis: Resource<TBelegnummerkreis, BelegValues, "nummernkreis"> = {
  ...belegnummerkreisList,
  schema: () =>
    import("@kontor/domain/nummernkreis/nummernkreis.schema").then((module) => module.ZBelegnummerkreis),
  createByPost: true,
  empty: () => ({
    belegsTyps: [],
    nummernkreisPattern: DEFAULT_NUMBER_PATTERN,
    lastNummer: 0,
    nummerProJahr: true,
  }),
  toForm: ({ id, belegsTyps, nummernkreisPattern, lastNummer, nummerProJahr }) => ({
    ...(id === undefined ? {} : { id }),
    belegsTyps,
    nummernkreisPattern,
    lastNummer,
    nummerProJahr,
  }),
  fromForm: (v) => ({ ...v, lastNummer: orUndefined(v.lastNummer) }),
  Fields: function BelegnummerkreisFields({ form, record }) {
    const { t } = useTranslation("nummernkreis");
    const all = useQuery(allBelegnummerkreise);
    const taken = new Set(
      (all.data ?? []).filter((circle) => circle.id !== record?.id).flatMap((circle) => circle.belegsTyps),
    );
    const values = form.getValues();
    const types = BELEGS_TYPEN.map((typ) => {
      const name = t(`belegsTyp.${typ}`);
      const used = taken.has(typ) && !values.belegsTyps.includes(typ);
      return {
        value: typ,
        label: used ? t("belegnummerkreis.typeUsed", { typ: name }) : name,
        disabled: used,
      };
    });
    return (
      <>
        <NextNumberPreview
          input={{
            pattern: values.nummernkreisPattern,
            last: values.lastNummer,
            first: 1,
            nummerProJahr: values.nummerProJahr,
          }}
          saved={
            record && {
              pattern: record.nummernkreisPattern,
              last: record.lastNummer,
              first: 1,
              nummerProJahr: record.nummerProJahr,
              next: record.nextNummer,
            }
          }
        />
        <MultiSelect
          label={t("belegnummerkreis.field.belegsTyps")}
          description={t("belegnummerkreis.hint.belegsTyps")}
          placeholder={values.belegsTyps.length === 0 ? t("belegnummerkreis.typesPlaceholder") : undefined}
          withAsterisk
          data={types}
          clearable
          hidePickedOptions
          key={form.key("belegsTyps")}
          {...form.getInputProps("belegsTyps")}
        />
        <PatternInput
          form={form}
          field="nummernkreisPattern"
          label={t("belegnummerkreis.field.nummernkreisPattern")}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <CounterInput
            label={t("belegnummerkreis.field.lastNummer")}
            description={t("belegnummerkreis.hint.lastNummer")}
            key={form.key("lastNummer")}
            {...form.getInputProps("lastNummer")}
          />
        </SimpleGrid>
        <Checkbox
          label={t("belegnummerkreis.field.nummerProJahr")}
          description={t("belegnummerkreis.hint.nummerProJahr")}
          key={form.key("nummerProJahr")}
          {...form.getInputProps("nummerProJahr", { type: "checkbox" })}
        />
      </>
    );
  },
};

// --- Invoice circles (SPEC §3 rechnungskreis) ---

interface RechnungValues {
  id?: number;
  rechnungskreisName: string;
  rechnungsnummernPattern: string;
  firstRechnungsnummer: number | "";
  lastRechnungsnummer: number | "";
  nummerProJahr: boolean;
  rksv: boolean;
  barRechnungOhneRksv: boolean;
}

const rechnungskreis: Resource<TRechnungskreis, RechnungValues, "nummernkreis"> = {
  ...rechnungskreisList,
  schema: () =>
    import("@kontor/domain/nummernkreis/nummernkreis.schema").then((module) => module.ZRechnungskreis),
  createByPost: true,
  empty: () => ({
    rechnungskreisName: "",
    rechnungsnummernPattern: DEFAULT_NUMBER_PATTERN,
    firstRechnungsnummer: 1,
    lastRechnungsnummer: 0,
    nummerProJahr: true,
    rksv: false,
    barRechnungOhneRksv: false,
  }),
  toForm: ({ nextRechnungsnummer: _, ...r }) => r,
  fromForm: (v) => ({
    ...v,
    firstRechnungsnummer: orUndefined(v.firstRechnungsnummer),
    lastRechnungsnummer: orUndefined(v.lastRechnungsnummer),
  }),
  Fields: function RechnungskreisFields({ form, record }) {
    const { t } = useTranslation("nummernkreis");
    const values = form.getValues();
    return (
      <>
        <NextNumberPreview
          input={{
            pattern: values.rechnungsnummernPattern,
            last: values.lastRechnungsnummer,
            first: values.firstRechnungsnummer,
            nummerProJahr: values.nummerProJahr,
          }}
          saved={
            record && {
              pattern: record.rechnungsnummernPattern,
              last: record.lastRechnungsnummer,
              first: record.firstRechnungsnummer,
              nummerProJahr: record.nummerProJahr,
              next: record.nextRechnungsnummer,
            }
          }
        />
        <TextInput
          label={t("rechnungskreis.field.rechnungskreisName")}
          withAsterisk
          maxLength={100}
          key={form.key("rechnungskreisName")}
          {...form.getInputProps("rechnungskreisName")}
        />
        <PatternInput
          form={form}
          field="rechnungsnummernPattern"
          label={t("rechnungskreis.field.rechnungsnummernPattern")}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <CounterInput
            label={t("rechnungskreis.field.firstRechnungsnummer")}
            description={t("rechnungskreis.hint.firstRechnungsnummer")}
            min={1}
            key={form.key("firstRechnungsnummer")}
            {...form.getInputProps("firstRechnungsnummer")}
          />
          <CounterInput
            label={t("rechnungskreis.field.lastRechnungsnummer")}
            description={t("rechnungskreis.hint.lastRechnungsnummer")}
            key={form.key("lastRechnungsnummer")}
            {...form.getInputProps("lastRechnungsnummer")}
          />
        </SimpleGrid>
        <Checkbox
          label={t("rechnungskreis.field.nummerProJahr")}
          description={t("rechnungskreis.hint.nummerProJahr")}
          key={form.key("nummerProJahr")}
          {...form.getInputProps("nummerProJahr", { type: "checkbox" })}
        />
        <Checkbox
          label={t("rechnungskreis.field.rksv")}
          description={t("rechnungskreis.hint.rksv")}
          key={form.key("rksv")}
          {...form.getInputProps("rksv", { type: "checkbox" })}
        />
        <Checkbox
          label={t("rechnungskreis.field.barRechnungOhneRksv")}
          description={t("rechnungskreis.hint.barRechnungOhneRksv")}
          key={form.key("barRechnungOhneRksv")}
          {...form.getInputProps("barRechnungOhneRksv", { type: "checkbox" })}
        />
      </>
    );
  },
};

export const BelegnummerkreisEdit = () => <ResourceEditPage resource={belegnummerkreis} />;
export const RechnungskreisEdit = () => <ResourceEditPage resource={rechnungskreis} />;
