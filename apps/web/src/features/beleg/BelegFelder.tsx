import type { TBelegsTyp } from "@kontor/domain/beleg/beleg.codes";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { FeldwerteFelder } from "../../components/felder/FeldwerteFelder.tsx";
import { belegFelddefinitionenQuery } from "./beleg.api.ts";
import type { BelegForm } from "./beleg.form.ts";

/** Felder: one input per document field definition of the document's type (SPEC §3 belegFelder). */
export function BelegFelder({ form, belegsTyp }: { form: BelegForm; belegsTyp: TBelegsTyp }) {
  const { t } = useTranslation("beleg");
  const definitionen = useQuery({
    ...belegFelddefinitionenQuery,
    select: (liste) => liste.filter((definition) => definition.belegsTyps.includes(belegsTyp)),
  });
  return (
    <FeldwerteFelder
      form={form}
      pfad="belegFelder"
      definitionen={definitionen}
      verwaltenPfad="/belegfelddefinition_list"
      texte={{
        laden: t("felder.laden"),
        ladenFehler: t("felder.ladenFehler"),
        leer: t("felder.leer"),
        verwalten: t("felder.verwalten"),
      }}
    />
  );
}
