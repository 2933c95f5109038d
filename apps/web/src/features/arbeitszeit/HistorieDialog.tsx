import type { TArbeitszeit, TArbeitszeitHistorie } from "@kontor/domain/arbeitszeit/arbeitszeit.schema";
import { Alert, Center, Loader, Modal, Stack, Table, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { formatDate, formatDateTime } from "../../components/format/format.ts";
import { useProblemMessage } from "../../components/problemMessage.ts";
import { historieQuery } from "./arbeitszeit.api.ts";

type Stand = TArbeitszeitHistorie["vorher"];

/** A record's state in one line: "03.11.2026 08:00–12:00"; "–" for none. */
function standText(stand: Stand): string {
  if (!stand) return "–";
  return `${formatDate(stand.datum)} ${stand.von}–${stand.bis ?? "…"}`;
}

/** GET zeiterfassung/{id}/historie: who changed the record when, before → after, and why (the evidence trail). */
export function HistorieDialog({ eintrag, onClose }: { eintrag: TArbeitszeit; onClose: () => void }) {
  const { t } = useTranslation(["arbeitszeit", "crud", "common"]);
  const problemMessage = useProblemMessage();
  const historie = useQuery(historieQuery(eintrag.id));
  return (
    <Modal opened onClose={onClose} title={t("historie.titel")} size="xl">
      <Stack gap="sm">
        <Text size="sm">
          {formatDate(eintrag.datum)} {eintrag.vonZeit}–{eintrag.bisZeit ?? "…"}
          {eintrag.beschreibung ? ` · ${eintrag.beschreibung}` : ""}
        </Text>
        {historie.isPending && (
          <Center py="md">
            <Loader size="sm" aria-label={t("common:loading")} />
          </Center>
        )}
        {historie.isError && (
          <Alert color="red" role="alert">
            {problemMessage(historie.error)}
          </Alert>
        )}
        {historie.data && historie.data.length === 0 && <Text c="dimmed">{t("historie.leer")}</Text>}
        {historie.data && historie.data.length > 0 && (
          <Table.ScrollContainer minWidth={560}>
            <Table striped aria-label={t("historie.titel")}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("historie.am")}</Table.Th>
                  <Table.Th>{t("historie.von")}</Table.Th>
                  <Table.Th>{t("historie.aktion")}</Table.Th>
                  <Table.Th>{t("historie.aenderung")}</Table.Th>
                  <Table.Th>{t("historie.grund")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {historie.data.map((h, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the history has no ids; its order is fixed
                  <Table.Tr key={index}>
                    <Table.Td style={{ whiteSpace: "nowrap" }}>{formatDateTime(h.am)}</Table.Td>
                    <Table.Td>{h.von}</Table.Td>
                    <Table.Td>{t(`historie.aktionen.${h.aktion}`)}</Table.Td>
                    <Table.Td style={{ whiteSpace: "nowrap" }}>
                      {h.aktion === "create" || h.aktion === "kommen"
                        ? standText(h.nachher)
                        : `${standText(h.vorher)} → ${standText(h.nachher)}`}
                    </Table.Td>
                    <Table.Td>{h.grund ?? ""}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Modal>
  );
}
