import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { FeldwerteFelder } from "../../components/felder/FeldwerteFelder.tsx";
import { artikelFelddefinitionenQuery } from "./artikel.api.ts";
import type { ArtikelForm } from "./artikel.form.ts";

/** Felder: one input per article field definition (SPEC §3 artikelFelder) — the shared FeldwerteFelder. */
export function ArtikelFelder({ form }: { form: ArtikelForm }) {
  const { t } = useTranslation("artikel");
  return (
    <FeldwerteFelder
      form={form}
      pfad="artikelFelder"
      definitionen={useQuery(artikelFelddefinitionenQuery)}
      verwaltenPfad="/artikelfelddefinition_list"
      texte={{
        laden: t("edit.laden"),
        ladenFehler: t("felder.ladenFehler"),
        leer: t("felder.leer"),
        verwalten: t("felder.verwalten"),
      }}
    />
  );
}
