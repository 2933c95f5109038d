import { ARTIKEL_BILD_MAX_BYTES } from "@kontor/domain/artikel/artikel.api";
import { ARTIKEL_BILDER_MAX } from "@kontor/domain/artikel/artikel.schema";
import { ActionIcon, Box, Button, Group, Paper, Stack, Text, Tooltip, UnstyledButton } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { DateiUpload } from "../../components/anhang/DateiUpload.tsx";
import { dateiFehler } from "../../components/anhang/dateiFehler.ts";
import { notifyFailure, notifySuccess } from "../../components/feedback/notify.ts";
import { fileToBase64 } from "../../components/files/files.ts";
import { IconTrash } from "../../components/icons.tsx";
import { useProblemMessage } from "../../components/problemMessage.ts";
import { formatBytes } from "../../components/richtext/imageFile.ts";
import { Thumbnail } from "./ArtikelThumbnail.tsx";
import { uploadArtikelBild } from "./artikel.api.ts";
import { type BildFehler, bildFehler, verschieben } from "./artikel.bild.ts";
import type { ArtikelForm } from "./artikel.form.ts";

const ArtikelGalleryModal = lazy(async () => ({
  default: (await import("./quick/ArtikelGalleryModal.tsx")).ArtikelGalleryModal,
}));

/**
 * Bilder (module artikelbilder): up to 5 images. An upload (JPEG, PNG, WebP) stores the image at once (POST
 * artikelimage, stored once per tenant) and adds it to the form; the article links it when saved. Order and
 * removal are form changes too. A click opens the gallery.
 */
export function ArtikelBilder({ form, readOnly }: { form: ArtikelForm; readOnly: boolean }) {
  const { t, i18n } = useTranslation(["artikel", "crud"]);
  const problemMessage = useProblemMessage();
  const bilder = form.getValues().artikelImages;
  const [galerie, setGalerie] = useState<number | null>(null);
  const max = formatBytes(ARTIKEL_BILD_MAX_BYTES, i18n.language);

  const upload = useMutation({
    mutationFn: async (datei: File) =>
      uploadArtikelBild({ dateiname: datei.name, inhalt: await fileToBase64(datei) }),
    onSuccess: (bild) => {
      const aktuell = form.getValues().artikelImages;
      if (aktuell.some((vorhanden) => vorhanden.assetId === bild.assetId)) return;
      form.insertListItem("artikelImages", { assetId: bild.assetId, dateiname: bild.dateiname });
      notifySuccess(t("bild.hochgeladen", { name: bild.dateiname }));
    },
    onError: (error) => notifyFailure(t("bild.uploadFehler"), dateiFehler(error) ?? problemMessage(error)),
  });

  const voll = bilder.length >= ARTIKEL_BILDER_MAX;
  return (
    <Stack gap="md">
      <DateiUpload<BildFehler>
        hinweis={t("bild.hinweis", { max, count: ARTIKEL_BILDER_MAX, anzahl: bilder.length })}
        knopf={t("bild.hochladen")}
        abgelehnt={t("bild.abgelehnt")}
        accept="image/jpeg,image/png,image/webp"
        readOnly={readOnly}
        laedt={upload.isPending}
        deaktiviert={voll}
        anfangLaenge={16}
        pruefen={(datei, anfang) => bildFehler(datei, anfang, form.getValues().artikelImages.length)}
        fehlerText={(code, name) => t(`bild.fehler.${code}`, { name, max, count: ARTIKEL_BILDER_MAX })}
        hochladen={upload.mutateAsync}
      />
      {bilder.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t("bild.leer")}
        </Text>
      ) : (
        <Box
          style={{
            display: "grid",
            gridTemplateColumns: "repeat(auto-fill, minmax(170px, 1fr))",
            gap: "var(--mantine-spacing-sm)",
          }}
        >
          {bilder.map((bild, index) => (
            <Paper key={bild.assetId} withBorder radius="sm" p={6}>
              <UnstyledButton
                w="100%"
                onClick={() => setGalerie(index)}
                aria-label={t("bild.oeffnen", { name: bild.dateiname })}
              >
                <Thumbnail assetId={bild.assetId} alt={bild.dateiname} />
              </UnstyledButton>
              <Text size="xs" truncate="end" mt={4} title={bild.dateiname}>
                {index === 0 ? `${t("bild.hauptbild")} · ` : ""}
                {bild.dateiname}
              </Text>
              {!readOnly && (
                <Group gap={4} justify="space-between" mt={4}>
                  <Group gap={4}>
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      disabled={index === 0}
                      aria-label={t("bild.nachVorne", { name: bild.dateiname })}
                      onClick={() => form.setFieldValue("artikelImages", verschieben(bilder, index, -1))}
                    >
                      ←
                    </Button>
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      disabled={index === bilder.length - 1}
                      aria-label={t("bild.nachHinten", { name: bild.dateiname })}
                      onClick={() => form.setFieldValue("artikelImages", verschieben(bilder, index, 1))}
                    >
                      →
                    </Button>
                  </Group>
                  <Tooltip label={t("bild.entfernen", { name: bild.dateiname })} openDelay={400}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      size="sm"
                      aria-label={t("bild.entfernen", { name: bild.dateiname })}
                      onClick={() => form.removeListItem("artikelImages", index)}
                    >
                      <IconTrash />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              )}
            </Paper>
          ))}
        </Box>
      )}
      {galerie !== null && (
        <Suspense fallback={null}>
          <ArtikelGalleryModal
            bilder={bilder}
            startIndex={galerie}
            opened={galerie !== null}
            onClose={() => setGalerie(null)}
          />
        </Suspense>
      )}
    </Stack>
  );
}
