import { PDF_HINWEISE, type TPdfHinweis } from "@kontor/domain/beleg/beleg.codes";
import { Alert, Anchor, Button, Group, Loader, Modal, Stack, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { Link, useLocation, useNavigate } from "@tanstack/react-router";
import type { TFunction } from "i18next";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { session } from "../../app/session.ts";
import { fetchDatei } from "../../components/anhang/fetchDatei.ts";
import { notifyFailure } from "../../components/feedback/notify.ts";
import { saveBlob } from "../../components/files/files.ts";
import { useProblemMessage } from "../../components/problemMessage.ts";

/** The PDF of a document as the server renders it (GET beleg/{id}/pdf), with the name it gives the file. */
function usePdfLaden() {
  const navigate = useNavigate();
  const { href } = useLocation();
  return (id: number) =>
    fetchDatei(`beleg/${id}/pdf`, () => {
      // The session has ended: to the login, past the editor's unsaved-changes guard.
      void navigate({ to: "/login", search: { redirect: href }, replace: true, ignoreBlocker: true });
    });
}

/**
 * A document's PDF shown in the page (the browser's own viewer in a frame; no download needed), with "download"
 * and "open in a new tab". The PDF is fetched like every API call (token and tenant) and shown from a blob URL,
 * released when the view closes.
 */
export function BelegPdfAnsicht({ belegId, name }: { belegId: number; name: string }) {
  const { t } = useTranslation("beleg");
  const tb = t as unknown as TFunction<"beleg">;
  const problemMessage = useProblemMessage();
  const laden = usePdfLaden();
  const pdf = useQuery({
    queryKey: ["beleg", "pdf", belegId],
    queryFn: () => laden(belegId),
    gcTime: 0,
    staleTime: 0,
    retry: false,
  });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!pdf.data) return;
    const neu = URL.createObjectURL(pdf.data.blob);
    setUrl(neu);
    return () => URL.revokeObjectURL(neu);
  }, [pdf.data]);
  const dateiname = pdf.data?.name ?? `${name}.pdf`;
  const hinweise = (pdf.data?.headers.get("x-pdf-hinweise") ?? "")
    .split(",")
    .filter((hinweis): hinweis is TPdfHinweis => (PDF_HINWEISE as readonly string[]).includes(hinweis));
  const mandantId = session.get().mandantId;

  if (pdf.isError)
    return (
      <Alert color="red" role="alert" title={tb("pdf.fehler")}>
        {problemMessage(pdf.error)}
      </Alert>
    );
  if (!url)
    return (
      <Group gap="sm" p="md" role="status">
        <Loader size="sm" />
        <Text size="sm">{tb("pdf.laedt")}</Text>
      </Group>
    );
  return (
    <Stack gap="sm">
      {hinweise.length > 0 && (
        <Alert color="blue" title={tb("pdf.hinweis.titel")} data-testid="pdf-hinweise">
          <Stack gap={4}>
            {hinweise.map((hinweis) => (
              <Text key={hinweis} size="sm">
                {tb(`pdf.hinweis.${hinweis}`)}
              </Text>
            ))}
            {mandantId !== null && (
              <Anchor component={Link} to={`/mandant/${mandantId}`} size="sm">
                {tb("pdf.hinweis.einstellungen")}
              </Anchor>
            )}
          </Stack>
        </Alert>
      )}
      <Group gap="sm">
        <Button size="xs" onClick={() => pdf.data && saveBlob(pdf.data.blob, dateiname)}>
          {tb("pdf.herunterladen")}
        </Button>
        <Button size="xs" variant="default" component="a" href={url} target="_blank" rel="noopener">
          {tb("pdf.neuerTab")}
        </Button>
      </Group>
      <iframe
        src={url}
        title={tb("pdf.rahmen", { name })}
        style={{ width: "100%", height: "75vh", border: "1px solid var(--mantine-color-gray-3)" }}
      />
    </Stack>
  );
}

/**
 * The editor's PDF buttons: preview (a large dialog with BelegPdfAnsicht) and download. Both show what is saved;
 * with unsaved changes the dialog says so.
 */
export function BelegPdfKnoepfe({ belegId, name, dirty }: { belegId: number; name: string; dirty: boolean }) {
  const { t } = useTranslation("beleg");
  const tb = t as unknown as TFunction<"beleg">;
  const problemMessage = useProblemMessage();
  const laden = usePdfLaden();
  const [offen, setOffen] = useState(false);
  const [laedt, setLaedt] = useState(false);
  const titel = useMemo(() => tb("pdf.vorschauTitel", { name }), [tb, name]);

  const herunterladen = async () => {
    setLaedt(true);
    try {
      const { blob, name: dateiname } = await laden(belegId);
      saveBlob(blob, dateiname ?? `${name}.pdf`);
    } catch (error) {
      notifyFailure(tb("pdf.fehler"), problemMessage(error));
    } finally {
      setLaedt(false);
    }
  };

  return (
    <>
      <Button variant="default" onClick={() => setOffen(true)}>
        {tb("pdf.vorschau")}
      </Button>
      <Button variant="default" onClick={() => void herunterladen()} loading={laedt}>
        {tb("pdf.herunterladen")}
      </Button>
      <Modal opened={offen} onClose={() => setOffen(false)} title={titel} size="min(1100px, 95vw)">
        {dirty && (
          <Alert color="yellow" mb="sm">
            {tb("pdf.ungespeichert")}
          </Alert>
        )}
        {offen && <BelegPdfAnsicht belegId={belegId} name={name} />}
      </Modal>
    </>
  );
}
