import { BELEGS_TYPEN } from "@kontor/domain/beleg/beleg.codes";
import { Alert, Loader, Table, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { formatDate, formatDateTime } from "../../components/format/format.ts";
import { useProblemMessage } from "../../components/problemMessage.ts";
import { historieQuery } from "./beleg.api.ts";

const BEKANNTE_AKTIONEN = [
  "create",
  "update",
  "delete",
  "finalize",
  "storno",
  "duplicate",
  "convert",
  "ship",
  "reorder",
  "bill",
  "mail",
  "link",
  "linkRevoke",
] as const;

/** Detail fields of the audit entries the history names in words. */
const DETAIL_FELDER = [
  "belegNummer",
  "stornoRechnungsnummer",
  "nach",
  "belegId",
  "fields",
  "to",
  "cc",
  "anhang",
  "abgelehnt",
  "linkId",
  "gueltigBis",
] as const;
/** Detail fields that hold a calendar date (shown DD.MM.YYYY). */
const DATUM_FELDER: ReadonlySet<string> = new Set(["gueltigBis"]);

/** Historie: who created, changed, finalized or cancelled the document, and when (GET beleg/{id}/historie). */
export function BelegHistorie({ id }: { id: number }) {
  const { t } = useTranslation("beleg");
  const problemMessage = useProblemMessage();
  const historie = useQuery({ ...historieQuery(id), refetchOnMount: "always" });
  /** One detail of an entry as "label: value": known fields and document types translated, others as sent. */
  const detailText = (feld: string, wert: unknown) => {
    const text =
      typeof wert === "string" && (BELEGS_TYPEN as readonly string[]).includes(wert)
        ? t(`typ.${wert as (typeof BELEGS_TYPEN)[number]}`)
        : Array.isArray(wert)
          ? wert.join(", ")
          : DATUM_FELDER.has(feld) && typeof wert === "string"
            ? formatDate(wert)
            : String(wert);
    return (DETAIL_FELDER as readonly string[]).includes(feld)
      ? t(`historie.feld.${feld as (typeof DETAIL_FELDER)[number]}`, { wert: text })
      : `${feld}: ${text}`;
  };
  if (historie.isPending) return <Loader size="sm" aria-label={t("historie.laden")} />;
  if (historie.isError)
    return (
      <Alert color="red" role="alert" title={t("historie.fehler")}>
        {problemMessage(historie.error)}
      </Alert>
    );
  if (historie.data.length === 0) return <Text c="dimmed">{t("historie.leer")}</Text>;
  return (
    <Table striped aria-label={t("historie.titel")}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t("historie.wann")}</Table.Th>
          <Table.Th>{t("historie.wer")}</Table.Th>
          <Table.Th>{t("historie.was")}</Table.Th>
          <Table.Th>{t("historie.detail")}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {historie.data.map((eintrag) => (
          <Table.Tr key={`${eintrag.at}-${eintrag.action}-${JSON.stringify(eintrag.detail)}`}>
            <Table.Td>{formatDateTime(eintrag.at)}</Table.Td>
            <Table.Td>{eintrag.login}</Table.Td>
            <Table.Td>
              {(BEKANNTE_AKTIONEN as readonly string[]).includes(eintrag.action)
                ? t(`historie.aktion.${eintrag.action as (typeof BEKANNTE_AKTIONEN)[number]}`)
                : eintrag.action}
            </Table.Td>
            <Table.Td>
              {Object.entries(eintrag.detail ?? {})
                .filter(([, wert]) => !(Array.isArray(wert) && wert.length === 0))
                .map(([feld, wert]) => (
                  <Text size="sm" key={feld}>
                    {detailText(feld, wert)}
                  </Text>
                ))}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
