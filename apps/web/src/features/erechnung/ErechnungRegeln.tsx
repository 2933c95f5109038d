import { List, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../app/api.ts";

/** A broken e-invoice rule as a problem names it (ZRegelVerstoss). */
export interface ApiRegel {
  regel: string;
  bt?: string;
  werte?: Record<string, string>;
}

/** The rules an error names (error.erechnungUngueltig), read leniently; none for any other error. */
export function regelnAus(error: unknown): ApiRegel[] {
  const regeln = isApiError(error) ? error.body.regeln : undefined;
  return Array.isArray(regeln) ? (regeln as ApiRegel[]).filter((v) => typeof v?.regel === "string") : [];
}

/**
 * The e-invoice rules a document breaks, each in the user's language (namespace erechnung, key regel.<official id>
 * rule id, with the values the server named) and with its id and business term for whoever looks it up.
 */
export function ErechnungRegeln({ regeln }: { regeln: readonly ApiRegel[] }) {
  const { t, i18n } = useTranslation("erechnung");
  return (
    <List size="sm" spacing={4} data-testid="erechnung-regeln">
      {regeln.map((v) => (
        // A rule is named once per problem; with values per line it may repeat: the values tell them apart.
        <List.Item key={`${v.regel}-${JSON.stringify(v.werte ?? {})}`}>
          {i18n.exists(`regel.${v.regel}`, { ns: "erechnung" })
            ? (t as (key: string, werte?: Record<string, string>) => string)(`regel.${v.regel}`, v.werte)
            : v.regel}{" "}
          <Text span size="xs" c="dimmed">
            ({[v.regel, v.bt].filter(Boolean).join(", ")})
          </Text>
        </List.Item>
      ))}
    </List>
  );
}
