import { todayIso } from "@kontor/domain/date/calendar";
import { Alert, Blockquote, Loader, Paper, Stack, Text, Title } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { currentLanguage } from "../../app/i18n.ts";
import { MoneyInput } from "../../components/form/MoneyInput.tsx";
import { formatDate } from "../../components/format/format.ts";
import { useProblemMessage } from "../../components/problemMessage.ts";
import { belegtextQuery } from "./zahlungsziel.api.ts";

/**
 * "Text auf dem Beleg": what a document dated today prints for the saved term (GET belegtext2/{id}), in the UI's
 * language, with the amounts after skonto for a sample gross amount. Its query key lies under the term's, so a
 * save refreshes it.
 */
export function BelegtextVorschau({ id }: { id: number }) {
  const { t } = useTranslation("zahlungsbedingungen");
  const problemMessage = useProblemMessage();
  // The input's own value: a number, "" or the text typed while the field refuses it.
  const [input, setInput] = useState<number | string>("");
  const [betrag] = useDebouncedValue(typeof input === "number" ? input : undefined, 300);
  const belegDatum = todayIso();
  const text = useQuery({
    ...belegtextQuery(id, {
      belegDatum,
      lang: currentLanguage(),
      betrag,
    }),
    placeholderData: keepPreviousData,
  });

  return (
    <Paper withBorder radius="md" p="lg" maw={860} component="section" aria-labelledby="belegtext-title">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} size="h4" id="belegtext-title">
            {t("zahlungsziel.belegtext.title")}
          </Title>
          <Text size="sm" c="dimmed">
            {t("zahlungsziel.belegtext.hint", { datum: formatDate(belegDatum) })}
          </Text>
        </Stack>
        <MoneyInput
          label={t("zahlungsziel.belegtext.betrag")}
          description={t("zahlungsziel.belegtext.betragHint")}
          styles={{ wrapper: { maxWidth: 220 } }}
          value={input}
          onChange={setInput}
        />
        {text.isError ? (
          <Alert color="red" role="alert" title={t("zahlungsziel.belegtext.loadFailed")}>
            {problemMessage(text.error)}
          </Alert>
        ) : text.data ? (
          <Blockquote
            color="gray"
            p="md"
            aria-live="polite"
            aria-busy={text.isFetching}
            data-testid="belegtext"
            style={{ opacity: text.isPlaceholderData ? 0.6 : 1 }}
          >
            {text.data.text}
          </Blockquote>
        ) : (
          <Loader size="sm" aria-label={t("zahlungsziel.belegtext.title")} />
        )}
      </Stack>
    </Paper>
  );
}
