import { useTranslation } from "react-i18next";
import { MoneyInput } from "../../components/form/MoneyInput.tsx";
import { NumberField } from "../../components/form/NumberField.tsx";
import type { ArtikelForm } from "./artikel.form.ts";

/**
 * The number inputs of Stammdaten, in the tabs' chunk: purchase price and stock ("lager"), packaging unit
 * ("vpe"), webshop category ("webshop").
 */
export function ArtikelZahlen({ form, teil }: { form: ArtikelForm; teil: "lager" | "vpe" | "webshop" }) {
  const { t } = useTranslation("artikel");
  if (teil === "vpe")
    return (
      <NumberField
        label={t("field.vpe")}
        min={0}
        maxDecimals={3}
        key={form.key("vpe")}
        {...form.getInputProps("vpe")}
      />
    );
  if (teil === "webshop")
    return (
      <NumberField
        label={t("field.webshopCategory")}
        min={0}
        maxDecimals={0}
        grouping={false}
        key={form.key("webshopCategory")}
        {...form.getInputProps("webshopCategory")}
      />
    );
  return (
    <>
      <MoneyInput
        label={t("field.einkaufsPreis")}
        min={0}
        key={form.key("einkaufsPreis")}
        {...form.getInputProps("einkaufsPreis")}
      />
      <NumberField
        label={t("field.lagerstand")}
        maxDecimals={3}
        key={form.key("lagerstand")}
        {...form.getInputProps("lagerstand")}
      />
    </>
  );
}
