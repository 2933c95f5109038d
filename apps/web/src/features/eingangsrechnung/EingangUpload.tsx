import {
  Anchor,
  Button,
  CloseButton,
  FileButton,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  ThemeIcon,
  VisuallyHidden,
} from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { type DragEvent, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { fileToBase64 } from "../../components/files/files.ts";
import { IconX } from "../../components/icons.tsx";
import { useProblemMessage } from "../../components/problemMessage.ts";
import { dateiFehler, eingangKeys, eingangPfad, importFehler, importieren } from "./eingangsrechnung.api.ts";

/** The outcome of one picked file: still running, imported (with the record), or refused (with the reason). */
type Ergebnis =
  | { schluessel: number; name: string; stand: "laeuft" }
  | { schluessel: number; name: string; stand: "ok"; id: number; text: string }
  | { schluessel: number; name: string; stand: "fehler"; text: string; vorhanden?: number };

const ACCEPT = ".xml,.pdf,application/xml,text/xml,application/pdf";

function IconCheck() {
  return (
    <svg
      width={14}
      height={14}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2.5}
      aria-hidden="true"
    >
      <path d="M5 12l5 5l10 -10" />
    </svg>
  );
}

function IconUpload() {
  return (
    <svg
      width={28}
      height={28}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.6}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d="M4 17v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2 -2v-2" />
      <path d="M7 9l5 -5l5 5" />
      <path d="M12 4l0 12" />
    </svg>
  );
}

/**
 * The upload area of /eingangsrechnung_list/ (issue 19): drop files on it or choose them (XML and PDF, several at
 * once). Each file is checked in the browser (empty, over 10 MB, neither XML nor PDF) and then imported on its own,
 * one after the other; each gets its own line — the invoice it became (with a link), or the translated reason it
 * was refused for (a duplicate links the record there is). The other files still go through.
 */
export function EingangUpload() {
  const { t } = useTranslation("eingangsrechnung");
  const problemMessage = useProblemMessage();
  const queryClient = useQueryClient();
  const [ergebnisse, setErgebnisse] = useState<Ergebnis[]>([]);
  const [ziehen, setZiehen] = useState(false);
  const zaehler = useRef(0);
  const resetRef = useRef<() => void>(null);

  const setze = (neu: Ergebnis) =>
    setErgebnisse((alle) => alle.map((e) => (e.schluessel === neu.schluessel ? neu : e)));

  const einlesen = async (dateien: File[]) => {
    resetRef.current?.();
    const neue = dateien.map((datei) => ({ datei, schluessel: ++zaehler.current }));
    setErgebnisse((alle) => [
      ...neue.map(({ datei, schluessel }): Ergebnis => ({ schluessel, name: datei.name, stand: "laeuft" })),
      ...alle,
    ]);
    for (const { datei, schluessel } of neue) {
      const name = datei.name;
      const fehler = dateiFehler(datei, new Uint8Array(await datei.slice(0, 8).arrayBuffer()));
      if (fehler) {
        setze({ schluessel, name, stand: "fehler", text: t(`upload.${fehler}`) });
        continue;
      }
      try {
        const r = await importieren(name, await fileToBase64(datei));
        setze({
          schluessel,
          name,
          stand: "ok",
          id: r.id,
          text: t(r.lieferantAngelegt ? "upload.okNeu" : "upload.ok", {
            nummer: r.nummer,
            lieferant: r.lieferant.anzeigename,
          }),
        });
        void queryClient.invalidateQueries({ queryKey: eingangKeys.all });
      } catch (error) {
        setze({ schluessel, name, stand: "fehler", ...importFehler(error, t, problemMessage) });
      }
    }
  };

  const drop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setZiehen(false);
    const dateien = [...event.dataTransfer.files];
    if (dateien.length > 0) void einlesen(dateien);
  };

  return (
    <Stack gap="xs" role="region" aria-label={t("upload.region")}>
      <Paper
        withBorder
        p="md"
        radius="md"
        data-testid="eingang-dropzone"
        onDragOver={(event) => {
          event.preventDefault();
          setZiehen(true);
        }}
        onDragLeave={() => setZiehen(false)}
        onDrop={drop}
        style={{
          borderStyle: "dashed",
          borderWidth: 2,
          borderColor: ziehen ? "var(--mantine-primary-color-filled)" : undefined,
          background: ziehen ? "var(--mantine-primary-color-light)" : undefined,
        }}
      >
        <Group gap="md" wrap="nowrap" align="center">
          <ThemeIcon variant="light" size={48} radius="xl">
            <IconUpload />
          </ThemeIcon>
          <Stack gap={4} style={{ flex: 1 }}>
            <Text fw={600}>{t("upload.titel")}</Text>
            <Text size="sm" c="dimmed">
              {t("upload.hinweis")}
            </Text>
          </Stack>
          <Group gap="xs" wrap="nowrap">
            <Text size="sm" c="dimmed" visibleFrom="sm">
              {t("upload.ziehen")}
            </Text>
            <FileButton
              onChange={(dateien) => void einlesen(dateien)}
              accept={ACCEPT}
              multiple
              resetRef={resetRef}
            >
              {(props) => <Button {...props}>{t("upload.waehlen")}</Button>}
            </FileButton>
          </Group>
        </Group>
      </Paper>

      {ergebnisse.length > 0 && (
        <Paper withBorder p="xs" radius="md">
          <Group justify="space-between" mb={4}>
            <Text size="sm" fw={600} id="eingang-ergebnisse">
              {t("upload.ergebnisse")}
            </Text>
            <CloseButton size="sm" aria-label={t("upload.leeren")} onClick={() => setErgebnisse([])} />
          </Group>
          <Stack
            gap={6}
            component="ul"
            aria-labelledby="eingang-ergebnisse"
            style={{ listStyle: "none", padding: 0, margin: 0 }}
          >
            {ergebnisse.map((e) => (
              <Group key={e.schluessel} component="li" gap="xs" wrap="nowrap" align="flex-start">
                {e.stand === "laeuft" ? (
                  <Loader size={18} />
                ) : (
                  <ThemeIcon size={18} radius="xl" color={e.stand === "ok" ? "green" : "red"}>
                    {e.stand === "ok" ? <IconCheck /> : <IconX size={12} />}
                  </ThemeIcon>
                )}
                <Text size="sm" style={{ flex: 1, overflowWrap: "anywhere" }}>
                  <Text span fw={500}>
                    {e.name}
                  </Text>
                  {": "}
                  {e.stand === "laeuft" ? t("upload.laeuft") : e.text}
                  <VisuallyHidden>
                    {e.stand === "fehler" ? ` (${t("aktion.fehlgeschlagen")})` : ""}
                  </VisuallyHidden>
                </Text>
                {e.stand === "ok" && (
                  <Anchor component={Link} to={eingangPfad(e.id)} size="sm">
                    {t("upload.oeffnen")}
                  </Anchor>
                )}
                {e.stand === "fehler" && e.vorhanden !== undefined && (
                  <Anchor component={Link} to={eingangPfad(e.vorhanden)} size="sm">
                    {t("upload.vorhandene")}
                  </Anchor>
                )}
              </Group>
            ))}
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
