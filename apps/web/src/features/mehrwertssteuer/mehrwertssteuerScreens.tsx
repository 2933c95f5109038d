import {
  type TMehrwertssteuer,
  ZMehrwertssteuer,
} from "@kontor/domain/mehrwertssteuer/mehrwertssteuer.schema";
import { Checkbox, Group } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { LandSelect } from "../../components/form/LandSelect.tsx";
import { PercentInput } from "../../components/form/PercentInput.tsx";
import { formatPercent } from "../../components/format/format.ts";
import { ResourceEditPage, ResourceList } from "../../components/resource/ResourceScreens.tsx";
import { orUndefined, type Resource } from "../../components/resource/resource.ts";

interface Values {
  id?: number;
  mwst: number | "";
  defaultMwst: boolean;
  land: string;
}

/** VAT rates (SPEC §2 /mehrwertssteuer_list, /mehrwertssteuer/{slug}). */
const mehrwertssteuer: Resource<TMehrwertssteuer, Values, "stammdaten"> = {
  key: "mehrwertssteuer",
  api: "mehrwertssteuers",
  schema: ZMehrwertssteuer,
  ns: "stammdaten",
  prefix: "mehrwertssteuer",
  listPath: "/mehrwertssteuer_list",
  editPath: (id) => `/mehrwertssteuer/${id}`,
  columns: (t) => [
    { field: "mwst", title: t("mehrwertssteuer.field.mwst"), render: (r) => formatPercent(r.mwst) },
    { field: "land", title: t("mehrwertssteuer.field.land") },
    { field: "defaultMwst", title: t("mehrwertssteuer.field.defaultMwst") },
  ],
  defaultSort: { field: "mwst", direction: "asc" },
  label: (r) => `${formatPercent(r.mwst)} (${r.land})`,
  empty: () => ({ mwst: "", defaultMwst: false, land: "AT" }),
  toForm: (r) => ({ ...r }),
  fromForm: (v) => ({ ...v, mwst: orUndefined(v.mwst) }),
  Fields: function MehrwertssteuerFields({ form }) {
    const { t } = useTranslation("stammdaten");
    return (
      <>
        <Group grow align="flex-start">
          <PercentInput
            label={t("mehrwertssteuer.field.mwst")}
            withAsterisk
            key={form.key("mwst")}
            {...form.getInputProps("mwst")}
          />
          <LandSelect
            label={t("mehrwertssteuer.field.land")}
            withAsterisk
            allowDeselect={false}
            key={form.key("land")}
            {...form.getInputProps("land")}
          />
        </Group>
        <Checkbox
          label={t("mehrwertssteuer.field.defaultMwst")}
          description={t("mehrwertssteuer.hint.defaultMwst")}
          key={form.key("defaultMwst")}
          {...form.getInputProps("defaultMwst", { type: "checkbox" })}
        />
      </>
    );
  },
};

export const MehrwertssteuerList = () => <ResourceList resource={mehrwertssteuer} />;
export const MehrwertssteuerEdit = () => <ResourceEditPage resource={mehrwertssteuer} />;
