import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { FeldwerteFelder } from "../../components/felder/FeldwerteFelder.tsx";
import { felddefinitionenQuery } from "./kunde.api.ts";
import type { KundeForm } from "./kunde.form.ts";

/** Felder: one input per customer field definition (SPEC §3 kundeFelder) — the shared FeldwerteFelder. */
export function KundeFelder({ form }: { form: KundeForm }) {
  const { t } = useTranslation("kunde");
  return (
    <FeldwerteFelder
      form={form}
      pfad="kundeFelder"
      definitionen={useQuery(felddefinitionenQuery)}
      verwaltenPfad="/kundefelddefinition_list"
      texte={{
        laden: t("konditionen.laden"),
        ladenFehler: t("felder.ladenFehler"),
        leer: t("felder.leer"),
        verwalten: t("felder.verwalten"),
      }}
    />
  );
}
