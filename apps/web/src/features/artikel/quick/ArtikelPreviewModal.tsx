import type { TArtikel } from "@kontor/domain/artikel/artikel.schema";
import {
  Alert,
  Button,
  Group,
  Image,
  Loader,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  Typography,
} from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../../app/api.ts";
import { formatMoney, formatPercent } from "../../../components/format/format.ts";
import { sanitizeHtml } from "../../../components/sanitizeHtml.ts";
import { ARTIKEL_KEY, artikelThumbnail } from "./artikelQuick.api.ts";

export interface ArtikelPreviewModalProps {
  /** The article shown; null = closed. */
  artikelId: number | null;
  onClose: () => void;
}

/** GET artikel/{id}, read as the fields the preview shows. */
export const artikelVorschauQuery = (id: number) => ({
  queryKey: [ARTIKEL_KEY, "preview", id] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api.get<Partial<TArtikel> | null>(`artikel/${id}`, { signal }),
  staleTime: 10_000,
});

/** A description as the article stores it: rich text (HTML) is shown sanitized, plain text with its line breaks. */
function Beschreibung({ text }: { text: string }) {
  if (/<[a-z][\s\S]*>/i.test(text))
    return (
      <Typography fz="sm">
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized with the app's allow-list */}
        <div dangerouslySetInnerHTML={{ __html: sanitizeHtml(text) }} />
      </Typography>
    );
  return (
    <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>
      {text}
    </Text>
  );
}

function Feld({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children === "" || children === null ? "–" : children}
      </Text>
    </div>
  );
}

/**
 * SPEC §2 read-only article preview: number, designation, description, purchase price, net sales price (the first
 * entry of the price set, as SPEC says), VAT rate, and the first image's thumbnail when there is one.
 */
export function ArtikelPreviewModal({ artikelId, onClose }: ArtikelPreviewModalProps) {
  const { t } = useTranslation("artikelsuche");
  return (
    <Modal opened={artikelId !== null} onClose={onClose} title={t("vorschau.title")} size="lg" centered>
      {artikelId !== null && <VorschauInhalt artikelId={artikelId} onClose={onClose} />}
    </Modal>
  );
}

function VorschauInhalt({ artikelId, onClose }: { artikelId: number; onClose: () => void }) {
  const { t } = useTranslation(["artikelsuche", "crud"]);
  const artikel = useQuery(artikelVorschauQuery(artikelId));
  const bild = artikel.data?.artikelImages?.[0] ?? null;
  const thumbnail = useQuery({
    queryKey: [ARTIKEL_KEY, "thumbnail", bild?.assetId],
    queryFn: ({ signal }) => artikelThumbnail(bild!.assetId, signal),
    enabled: bild !== null,
    staleTime: 5 * 60_000,
  });

  const schliessen = (
    <Group justify="flex-end">
      <Button variant="default" onClick={onClose} data-autofocus>
        {t("crud:action.close")}
      </Button>
    </Group>
  );

  if (artikel.isPending)
    return (
      <Stack>
        <Loader size="sm" aria-label={t("vorschau.laedt")} />
        {schliessen}
      </Stack>
    );
  if (artikel.isError || !artikel.data)
    return (
      <Stack>
        <Alert color="red" role="alert">
          {t("vorschau.fehler")}
        </Alert>
        {schliessen}
      </Stack>
    );

  const a = artikel.data;
  const verkaufspreis = a.artikelPreisSet?.[0]?.preis ?? null;
  return (
    <Stack gap="md">
      <Group align="flex-start" wrap="nowrap" gap="lg">
        {bild !== null && thumbnail.data && (
          <Image
            src={thumbnail.data}
            alt={t("vorschau.bild", { name: bild.dateiname })}
            w={160}
            h={125}
            fit="contain"
            radius="sm"
            style={{ flexShrink: 0 }}
          />
        )}
        <SimpleGrid cols={2} spacing="sm" verticalSpacing="xs" style={{ flex: 1 }}>
          <Feld label={t("feld.artikelNummer")}>{a.artikelNummer ?? ""}</Feld>
          <Feld label={t("feld.artikelBezeichnung")}>{a.artikelBezeichnung ?? ""}</Feld>
          <Feld label={t("feld.einkaufsPreis")}>{formatMoney(a.einkaufsPreis)}</Feld>
          <Feld label={t("feld.preis")}>{formatMoney(verkaufspreis)}</Feld>
          <Feld label={t("feld.mwst")}>{formatPercent(a.mehrwertssteuer?.mwst)}</Feld>
        </SimpleGrid>
      </Group>
      <Feld label={t("feld.artikelBeschreibung")}>
        {a.artikelBeschreibung ? <Beschreibung text={a.artikelBeschreibung} /> : ""}
      </Feld>
      {schliessen}
    </Stack>
  );
}
