import { Textarea } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { Resource } from "../../components/resource/resource.ts";
import { type BedingungArt, bedingungList, type TBedingung } from "./zahlungsziel.resource.ts";

interface BedingungValues {
  id?: number | undefined;
  name: string;
}

/** Longest text (the schema's limit). */
const MAX_NAME = 200;

/**
 * The edit resource of one kind of condition: its list, the shared schema and one text field. The customers
 * using it (`kundeList`) are read-only and not sent back.
 */
function bedingungResource(art: BedingungArt): Resource<TBedingung, BedingungValues, "zahlungsbedingungen"> {
  return {
    ...bedingungList(art),
    schema: () =>
      import("@kontor/domain/zahlungsziel/zahlungsziel.schema").then((module) =>
        art === "lieferbedingung" ? module.ZLieferbedingung : module.ZZahlungsbedingung,
      ),
    empty: () => ({ name: "" }),
    toForm: (r) => ({ id: r.id, name: r.name }),
    fromForm: (v) => ({ ...(v.id === undefined ? {} : { id: v.id }), name: v.name }),
    Fields: function BedingungFields({ form }) {
      const { t } = useTranslation("zahlungsbedingungen");
      return (
        <Textarea
          label={t(`${art}.field.name`)}
          description={t(`${art}.hint.name`)}
          withAsterisk
          autosize
          minRows={2}
          maxRows={8}
          maxLength={MAX_NAME}
          key={form.key("name")}
          {...form.getInputProps("name")}
        />
      );
    },
  };
}

export const lieferbedingung = bedingungResource("lieferbedingung");
export const zahlungsbedingung = bedingungResource("zahlungsbedingung");
