import type { TMehrwertssteuer } from "@kontor/domain/mehrwertssteuer/mehrwertssteuer.schema";
import { Checkbox, Group } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { PercentInput } from "../../components/form/PercentInput.tsx";
import { ResourceEditPage } from "../../components/resource/ResourceEdit.tsx";
import { orUndefined, type Resource } from "../../components/resource/resource.ts";
import { LandSelect } from "../land/LandSelect.tsx";
import { mehrwertssteuerList } from "./mehrwertssteuer.resource.ts";

interface Values {
  id?: number;
  mwst: number | "";
  defaultMwst: boolean;
  land: string;
}

/** VAT rates: their list, the shared schema and the form. */
const mehrwertssteuer: Resource<TMehrwertssteuer, Values, "stammdaten"> = {
  ...mehrwertssteuerList,
  schema: () =>
    import("@kontor/domain/mehrwertssteuer/mehrwertssteuer.schema").then((module) => module.ZMehrwertssteuer),
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

export const MehrwertssteuerEdit = () => <ResourceEditPage resource={mehrwertssteuer} />;
