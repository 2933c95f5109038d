import type { TEinheit } from "@kontor/domain/einheit/einheit.schema";
import { Checkbox, Group, Select, TextInput } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { ResourceEditPage } from "../../components/resource/ResourceEdit.tsx";
import { orUndefined, type Resource } from "../../components/resource/resource.ts";
import { einheitAllQuery } from "./einheit.api.ts";
import { einheitList } from "./einheit.resource.tsx";
import { einheitCodeName, einheitCodeOptions } from "./einheitCodes.ts";

interface Values {
  id?: number;
  code: string | null;
  bezeichnung: string;
  kuerzel: string;
  defaultEinheit: boolean;
}

/** Base units: their list, the shared schema and the form (a UN/ECE code of the domain's list, name, symbol). */
const einheit: Resource<TEinheit, Values, "stammdaten"> = {
  ...einheitList,
  schema: () => import("@kontor/domain/einheit/einheit.schema").then((module) => module.ZEinheit),
  empty: () => ({ code: null, bezeichnung: "", kuerzel: "", defaultEinheit: false }),
  toForm: (r) => ({ ...r }),
  fromForm: (v) => ({ ...v, code: orUndefined(v.code) }),
  Fields: function EinheitFields({ form, record }) {
    const { t, i18n } = useTranslation("stammdaten");
    const lang = i18n.resolvedLanguage === "en" ? "en" : "de";
    const all = useQuery(einheitAllQuery);
    const ownCode = record?.code;
    const options = useMemo(() => {
      // The other units' codes are taken (unique in the tenant); this unit keeps its own.
      const used = new Set((all.data ?? []).map((e) => e.code).filter((code) => code !== ownCode));
      return einheitCodeOptions(lang, used);
    }, [lang, all.data, ownCode]);
    const codeProps = form.getInputProps("code");
    return (
      <>
        <Select
          label={t("einheit.field.code")}
          description={t("einheit.hint.code")}
          withAsterisk
          searchable
          data={options}
          nothingFoundMessage={t("einheit.codeEmpty")}
          key={form.key("code")}
          {...codeProps}
          onChange={(code) => {
            codeProps.onChange(code);
            // A new name is the standard one until the user writes their own.
            if (code && form.getValues().bezeichnung.trim() === "")
              form.setFieldValue("bezeichnung", einheitCodeName(code, lang));
          }}
        />
        <Group grow align="flex-start">
          <TextInput
            label={t("einheit.field.bezeichnung")}
            withAsterisk
            maxLength={100}
            key={form.key("bezeichnung")}
            {...form.getInputProps("bezeichnung")}
          />
          <TextInput
            label={t("einheit.field.kuerzel")}
            description={t("einheit.hint.kuerzel")}
            withAsterisk
            maxLength={10}
            key={form.key("kuerzel")}
            {...form.getInputProps("kuerzel")}
          />
        </Group>
        <Checkbox
          label={t("einheit.field.defaultEinheit")}
          description={t("einheit.hint.defaultEinheit")}
          key={form.key("defaultEinheit")}
          {...form.getInputProps("defaultEinheit", { type: "checkbox" })}
        />
      </>
    );
  },
};

export const EinheitEdit = () => <ResourceEditPage resource={einheit} />;
