import { ActionIcon, Button, Loader, Stack, Table, Text, Tooltip, VisuallyHidden } from "@mantine/core";
import { type QueryKey, useMutation, useQueryClient } from "@tanstack/react-query";
import { useLocation, useNavigate } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { api } from "../../app/api.ts";
import { useConfirm } from "../dialogs/ConfirmDialog.tsx";
import { notifyFailure, notifySuccess } from "../feedback/notify.ts";
import { fileToBase64, saveBlob } from "../files/files.ts";
import { formatDateTime } from "../format/format.ts";
import { IconTrash } from "../icons.tsx";
import { useProblemMessage } from "../problemMessage.ts";
import { formatBytes } from "../richtext/imageFile.ts";
import { DateiUpload } from "./DateiUpload.tsx";
import { dateiFehler } from "./dateiFehler.ts";
import { fetchDatei } from "./fetchDatei.ts";
import { type PdfFehler, type PdfGrenzen, pdfFehler } from "./pdf.ts";

/** An attached PDF as the record's detail lists it (customer's kundePdfs, article's artikelPdfs). */
export interface AnhangPdf {
  id: number;
  dateiname: string;
  groesse: number;
  hochgeladenAm: string;
}

/** The namespaces that carry the `pdf.*` texts (the same keys in each). */
export type PdfTexteNamespace = "kunde" | "artikel";

/**
 * Dateien (a stored record: customer, article): the attached PDFs with name, size and date; upload (PDF only by
 * content, at most `grenzen.maxAnzahl`, each at most `grenzen.maxBytes` — checked here before sending, and again
 * by the server), download and delete under `pfad` (e.g. kundes/{id}/pdfs: POST pfad, GET and DELETE
 * pfad/{pdfId}). These act at once; the rest of the form is not saved by them; afterwards `queryKey` (the
 * record's detail) is refreshed. Read-only: download only.
 */
export function PdfAnhaenge({
  ns,
  pfad,
  pdfs,
  laedt,
  queryKey,
  grenzen,
  readOnly = false,
}: {
  ns: PdfTexteNamespace;
  pfad: string;
  pdfs: readonly AnhangPdf[];
  /** The record's detail is still loading. */
  laedt: boolean;
  queryKey: QueryKey;
  grenzen: PdfGrenzen;
  readOnly?: boolean;
}) {
  const { t, i18n } = useTranslation([ns, "crud"]);
  const problemMessage = useProblemMessage();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { href } = useLocation();
  const { confirm, dialog } = useConfirm();
  const max = formatBytes(grenzen.maxBytes, i18n.language);
  const count = grenzen.maxAnzahl;
  const refresh = () => queryClient.invalidateQueries({ queryKey });

  const upload = useMutation({
    mutationFn: async (datei: File) =>
      api.post<AnhangPdf>(pfad, { dateiname: datei.name, inhalt: await fileToBase64(datei) }),
    onSuccess: (_, datei) => notifySuccess(t(`${ns}:pdf.hochgeladen`, { name: datei.name })),
    onError: (error) =>
      notifyFailure(t(`${ns}:pdf.uploadFehler`), dateiFehler(error) ?? problemMessage(error)),
    onSettled: refresh,
  });

  const remove = useMutation({
    mutationFn: (pdf: AnhangPdf) => api.delete<unknown>(`${pfad}/${pdf.id}`),
    onSuccess: () => notifySuccess(t("crud:toast.deleted")),
    onError: (error) => notifyFailure(t("crud:toast.deleteFailed"), problemMessage(error)),
    onSettled: refresh,
  });

  const download = useMutation({
    mutationFn: (pdf: AnhangPdf) =>
      fetchDatei(`${pfad}/${pdf.id}`, () => {
        // The session has ended (see main.tsx): past the edit form's unsaved-changes guard.
        void navigate({ to: "/login", search: { redirect: href }, replace: true, ignoreBlocker: true });
      }),
    onSuccess: ({ blob, name }, pdf) => saveBlob(blob, name ?? pdf.dateiname),
    onError: (error) => notifyFailure(t(`${ns}:pdf.downloadFehler`), problemMessage(error)),
  });

  const loeschen = async (pdf: AnhangPdf) => {
    const ok = await confirm({
      title: t("crud:confirm.deleteTitle"),
      message: t("crud:confirm.deleteText", { name: pdf.dateiname }),
      confirmLabel: t("crud:confirm.delete"),
      danger: true,
    });
    if (ok) remove.mutate(pdf);
  };

  return (
    <Stack gap="md">
      <DateiUpload<PdfFehler>
        hinweis={t(`${ns}:pdf.hinweis`, { max, count, anzahl: pdfs.length })}
        knopf={t(`${ns}:pdf.hochladen`)}
        abgelehnt={t(`${ns}:pdf.abgelehnt`)}
        accept="application/pdf,.pdf"
        readOnly={readOnly}
        laedt={upload.isPending}
        deaktiviert={pdfs.length >= count || laedt}
        pruefen={(datei, anfang, hochgeladen) => pdfFehler(datei, anfang, pdfs.length + hochgeladen, grenzen)}
        fehlerText={(code, name) => t(`${ns}:pdf.fehler.${code}`, { name, max, count })}
        hochladen={upload.mutateAsync}
      />
      {laedt ? (
        <Loader size="sm" />
      ) : pdfs.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t(`${ns}:pdf.leer`)}
        </Text>
      ) : (
        <Table striped withTableBorder verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t(`${ns}:pdf.name`)}</Table.Th>
              <Table.Th ta="right">{t(`${ns}:pdf.groesse`)}</Table.Th>
              <Table.Th>{t(`${ns}:pdf.datum`)}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{t("crud:list.actions")}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {pdfs.map((pdf) => (
              <Table.Tr key={pdf.id}>
                <Table.Td>
                  <Button
                    variant="subtle"
                    size="compact-sm"
                    onClick={() => download.mutate(pdf)}
                    loading={download.isPending && download.variables?.id === pdf.id}
                    aria-label={t(`${ns}:pdf.herunterladen`, { name: pdf.dateiname })}
                  >
                    {pdf.dateiname}
                  </Button>
                </Table.Td>
                <Table.Td ta="right">
                  {pdf.groesse < 1024 ? `${pdf.groesse} B` : formatBytes(pdf.groesse, i18n.language)}
                </Table.Td>
                <Table.Td>{formatDateTime(pdf.hochgeladenAm)}</Table.Td>
                <Table.Td ta="right">
                  {!readOnly && (
                    <Tooltip label={t("crud:action.delete", { name: pdf.dateiname })} openDelay={400}>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t("crud:action.delete", { name: pdf.dateiname })}
                        loading={remove.isPending && remove.variables?.id === pdf.id}
                        onClick={() => void loeschen(pdf)}
                      >
                        <IconTrash />
                      </ActionIcon>
                    </Tooltip>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {dialog}
    </Stack>
  );
}
