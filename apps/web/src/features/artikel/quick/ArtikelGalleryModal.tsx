import { ActionIcon, Alert, Center, Group, Loader, Modal, Stack, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ARTIKEL_KEY, artikelBildBlob } from "./artikelQuick.api.ts";

export interface GalerieBild {
  assetId: number;
  dateiname: string;
}

export interface ArtikelGalleryModalProps {
  bilder: readonly GalerieBild[];
  /** The image shown first (clamped to the list). */
  startIndex: number;
  opened: boolean;
  onClose: () => void;
}

/** The object URL of an image (GET artikelimage/{assetId}, sent with the session), revoked when no longer shown. */
function useBildUrl(assetId: number | null): { url: string | null; laedt: boolean; fehler: boolean } {
  const blob = useQuery({
    queryKey: [ARTIKEL_KEY, "bild", assetId],
    queryFn: ({ signal }) => artikelBildBlob(assetId!, signal),
    enabled: assetId !== null,
    staleTime: 5 * 60_000,
  });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob.data) {
      setUrl(null);
      return;
    }
    const neu = URL.createObjectURL(blob.data);
    setUrl(neu);
    return () => URL.revokeObjectURL(neu);
  }, [blob.data]);
  return { url, laedt: blob.isPending && assetId !== null, fehler: blob.isError };
}

const pfeil = (d: string) => (
  <svg
    xmlns="http://www.w3.org/2000/svg"
    width={20}
    height={20}
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth={2}
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
    focusable="false"
  >
    <path d={d} />
  </svg>
);

/**
 * SPEC §2 image gallery: the article's images large (the original file), with previous / next buttons, the arrow
 * keys and an "n / m" counter; it wraps around at both ends.
 */
export function ArtikelGalleryModal({ bilder, startIndex, opened, onClose }: ArtikelGalleryModalProps) {
  const { t } = useTranslation("artikelsuche");
  return (
    <Modal opened={opened} onClose={onClose} title={t("galerie.title")} size="xl" centered>
      {opened && bilder.length > 0 && <GalerieInhalt bilder={bilder} startIndex={startIndex} />}
    </Modal>
  );
}

function GalerieInhalt({ bilder, startIndex }: { bilder: readonly GalerieBild[]; startIndex: number }) {
  const { t } = useTranslation("artikelsuche");
  const anzahl = bilder.length;
  const [index, setIndex] = useState(() => Math.min(Math.max(0, Math.trunc(startIndex) || 0), anzahl - 1));
  const aktuell = bilder[Math.min(index, anzahl - 1)]!;
  const { url, laedt, fehler } = useBildUrl(aktuell.assetId);
  const zurueck = () => setIndex((i) => (i - 1 + anzahl) % anzahl);
  const weiter = () => setIndex((i) => (i + 1) % anzahl);

  // Arrow keys anywhere in the open dialog (not in a text field: there they move the caret).
  // biome-ignore lint/correctness/useExhaustiveDependencies: zurueck/weiter only use the count
  useEffect(() => {
    const taste = (event: KeyboardEvent) => {
      if (anzahl < 2 || event.altKey || event.ctrlKey || event.metaKey) return;
      const ziel = event.target as HTMLElement | null;
      if (ziel && (ziel.tagName === "INPUT" || ziel.tagName === "TEXTAREA")) return;
      if (event.key === "ArrowLeft") {
        event.preventDefault();
        zurueck();
      } else if (event.key === "ArrowRight") {
        event.preventDefault();
        weiter();
      }
    };
    window.addEventListener("keydown", taste);
    return () => window.removeEventListener("keydown", taste);
  }, [anzahl]);

  return (
    <Stack gap="sm">
      <Center mih={300} bg="gray.0" style={{ borderRadius: 8 }}>
        {fehler ? (
          <Alert color="red" role="alert">
            {t("galerie.fehler")}
          </Alert>
        ) : laedt || url === null ? (
          <Loader aria-label={t("galerie.laedt")} />
        ) : (
          <img
            src={url}
            alt={aktuell.dateiname}
            style={{ maxWidth: "100%", maxHeight: "70vh", objectFit: "contain", display: "block" }}
          />
        )}
      </Center>
      <Group justify="space-between" wrap="nowrap">
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={t("galerie.zurueck")}
          onClick={zurueck}
          disabled={anzahl < 2}
        >
          {pfeil("M15 18l-6-6 6-6")}
        </ActionIcon>
        <Stack gap={0} align="center" style={{ minWidth: 0 }}>
          <Text size="sm" fw={500} aria-live="polite">
            {t("galerie.zaehler", { n: Math.min(index, anzahl - 1) + 1, m: anzahl })}
          </Text>
          <Text size="xs" c="dimmed" truncate maw={420}>
            {aktuell.dateiname}
          </Text>
        </Stack>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={t("galerie.weiter")}
          onClick={weiter}
          disabled={anzahl < 2}
          data-autofocus
        >
          {pfeil("M9 18l6-6-6-6")}
        </ActionIcon>
      </Group>
    </Stack>
  );
}
