import { List, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { ApiRegel } from "../../app/api.ts";

/**
 * The e-invoice rules a document breaks, each in the user's language (namespace erechnungregeln, by the official
 * rule id, with the values the server named) and with its id and business term for whoever looks it up.
 */
export function ErechnungRegeln({ regeln }: { regeln: readonly ApiRegel[] }) {
  const { t, i18n } = useTranslation("erechnungregeln");
  return (
    <List size="sm" spacing={4} data-testid="erechnung-regeln">
      {regeln.map((v) => (
        // A rule is named once per problem; with values per line it may repeat: the values tell them apart.
        <List.Item key={`${v.regel}-${JSON.stringify(v.werte ?? {})}`}>
          {i18n.exists(v.regel, { ns: "erechnungregeln" })
            ? (t as (key: string, werte?: Record<string, string>) => string)(v.regel, v.werte)
            : v.regel}{" "}
          <Text span size="xs" c="dimmed">
            ({[v.regel, v.bt].filter(Boolean).join(", ")})
          </Text>
        </List.Item>
      ))}
    </List>
  );
}
