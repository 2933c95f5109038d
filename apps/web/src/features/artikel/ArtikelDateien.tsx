import { ARTIKEL_PDFS_MAX, type TArtikelPdf } from "@kontor/domain/artikel/artikel.schema";
import { KUNDE_PDF_MAX_BYTES } from "@kontor/domain/kunde/kunde.api";
import {
  ActionIcon,
  Alert,
  Button,
  FileButton,
  Group,
  Loader,
  Stack,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useLocation, useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useConfirm } from "../../components/dialogs/ConfirmDialog.tsx";
import { notifyFailure, notifySuccess } from "../../components/feedback/notify.ts";
import { formatDateTime } from "../../components/format/format.ts";
import { IconTrash } from "../../components/icons.tsx";
import { useProblemMessage } from "../../components/problemMessage.ts";
import { formatBytes } from "../../components/richtext/imageFile.ts";
import { dateiAnfang, type PdfFehler, pdfFehler } from "../kunde/kunde.pdf.ts";
import { fileToBase64, saveBlob } from "../rechnungsvorlage/rechnungsvorlage.file.ts";
import { artikelDetailQuery, deleteArtikelPdf, uploadArtikelPdf } from "./artikel.api.ts";
import { artikelKeys, fetchDatei } from "./artikel.resource.ts";

/**
 * Dateien (module assetartikel, a stored article): the attached PDFs with name, size and date; upload (PDF only by
 * content, at most 5, each at most 10 MB — the same checks as the customer's files, again on the server),
 * download and delete. These act at once; the rest of the form is not saved by them. Read-only: download only.
 */
export function ArtikelDateien({ artikelId, readOnly }: { artikelId: number; readOnly: boolean }) {
  const { t, i18n } = useTranslation(["artikel", "crud"]);
  const problemMessage = useProblemMessage();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { href } = useLocation();
  const { confirm, dialog } = useConfirm();
  const detail = useQuery(artikelDetailQuery(artikelId));
  const [fehler, setFehler] = useState<string | null>(null);
  const pdfs = detail.data?.artikelPdfs ?? [];
  const max = formatBytes(KUNDE_PDF_MAX_BYTES, i18n.language);
  const refresh = () => queryClient.invalidateQueries({ queryKey: artikelKeys.detail(artikelId) });

  const fehlerText = (code: PdfFehler, name: string) =>
    t(`pdf.fehler.${code}`, { name, max, count: ARTIKEL_PDFS_MAX });

  const upload = useMutation({
    mutationFn: async (datei: File) =>
      uploadArtikelPdf(artikelId, { dateiname: datei.name, inhalt: await fileToBase64(datei) }),
    onSuccess: (_, datei) => notifySuccess(t("pdf.hochgeladen", { name: datei.name })),
    onError: (error) => notifyFailure(t("pdf.uploadFehler"), problemMessage(error)),
    onSettled: refresh,
  });

  const remove = useMutation({
    mutationFn: (pdf: TArtikelPdf) => deleteArtikelPdf(artikelId, pdf.id),
    onSuccess: () => notifySuccess(t("crud:toast.deleted")),
    onError: (error) => notifyFailure(t("crud:toast.deleteFailed"), problemMessage(error)),
    onSettled: refresh,
  });

  const download = useMutation({
    mutationFn: (pdf: TArtikelPdf) =>
      fetchDatei(`artikel/${artikelId}/pdfs/${pdf.id}`, () => {
        void navigate({ to: "/login", search: { redirect: href }, replace: true });
      }),
    onSuccess: ({ blob, name }, pdf) => saveBlob(blob, name ?? pdf.dateiname),
    onError: (error) => notifyFailure(t("pdf.downloadFehler"), problemMessage(error)),
  });

  const waehlen = async (dateien: File[]) => {
    setFehler(null);
    let vorhanden = pdfs.length;
    const fehlerListe: string[] = [];
    for (const datei of dateien) {
      const code = pdfFehler(datei, await dateiAnfang(datei), vorhanden);
      if (code) {
        fehlerListe.push(fehlerText(code, datei.name));
        continue;
      }
      try {
        await upload.mutateAsync(datei);
        vorhanden++;
      } catch {
        // reported by the mutation's toast
      }
    }
    if (fehlerListe.length > 0) setFehler(fehlerListe.join("\n"));
  };

  const loeschen = async (pdf: TArtikelPdf) => {
    const ok = await confirm({
      title: t("crud:confirm.deleteTitle"),
      message: t("crud:confirm.deleteText", { name: pdf.dateiname }),
      confirmLabel: t("crud:confirm.delete"),
      danger: true,
    });
    if (ok) remove.mutate(pdf);
  };

  const voll = pdfs.length >= ARTIKEL_PDFS_MAX;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Text size="sm" c="dimmed">
          {t("pdf.hinweis", { max, count: ARTIKEL_PDFS_MAX, anzahl: pdfs.length })}
        </Text>
        {!readOnly && (
          <FileButton onChange={(files) => void waehlen(files)} accept="application/pdf,.pdf" multiple>
            {(props) => (
              <Button
                {...props}
                variant="default"
                loading={upload.isPending}
                disabled={voll || detail.isPending}
              >
                {t("pdf.hochladen")}
              </Button>
            )}
          </FileButton>
        )}
      </Group>
      {fehler && (
        <Alert
          color="red"
          role="alert"
          withCloseButton
          onClose={() => setFehler(null)}
          title={t("pdf.abgelehnt")}
        >
          <Text size="sm" style={{ whiteSpace: "pre-line" }}>
            {fehler}
          </Text>
        </Alert>
      )}
      {detail.isPending ? (
        <Loader size="sm" />
      ) : pdfs.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t("pdf.leer")}
        </Text>
      ) : (
        <Table striped withTableBorder verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("pdf.name")}</Table.Th>
              <Table.Th ta="right">{t("pdf.groesse")}</Table.Th>
              <Table.Th>{t("pdf.datum")}</Table.Th>
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
                    aria-label={t("pdf.herunterladen", { name: pdf.dateiname })}
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
