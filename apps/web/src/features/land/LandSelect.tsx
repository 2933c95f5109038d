import { Select, type SelectProps } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { landsQuery } from "./land.api.ts";

/**
 * A country (ISO 3166-1 alpha-2 code as value), searchable by name in the current language or by code; names
 * sorted with German (or English) collation.
 */
export function LandSelect(props: Omit<SelectProps, "data" | "searchable">) {
  const { i18n } = useTranslation();
  const lands = useQuery(landsQuery);
  const english = i18n.resolvedLanguage === "en";
  const data = useMemo(() => {
    const collator = new Intl.Collator(english ? "en" : "de");
    return (lands.data ?? [])
      .map((land) => ({
        value: land.laenderKuerzel,
        label: `${english ? land.bezeichnungEn : land.bezeichnung} (${land.laenderKuerzel})`,
      }))
      .sort((a, b) => collator.compare(a.label, b.label));
  }, [lands.data, english]);
  return <Select searchable data={data} nothingFoundMessage="—" {...props} />;
}
