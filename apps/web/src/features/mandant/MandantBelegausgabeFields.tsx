import { FENSTERKUVERT_FORMEN } from "@kontor/domain/mandant/mandant.schema";
import { MANDANT_LOGO_MAX_BYTES, MANDANT_LOGO_MAX_PIXEL } from "@kontor/domain/mandant/mandantLogo.schema";
import { PDF_LAYOUTS } from "@kontor/domain/typen/typen.codes";
import {
  Alert,
  Box,
  Button,
  FileButton,
  Group,
  Image,
  Input,
  Loader,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useLocation, useNavigate } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../app/api.ts";
import { dateiAnfang } from "../../components/anhang/pdf.ts";
import { useConfirm } from "../../components/dialogs/ConfirmDialog.tsx";
import { notifySuccess } from "../../components/feedback/notify.ts";
import { fileToBase64 } from "../../components/files/files.ts";
import { fieldErrorMessage } from "../../components/form/fieldErrors.ts";
import { useProblemMessage } from "../../components/problemMessage.ts";
import { formatBytes } from "../../components/richtext/imageFile.ts";
import { mandantLogoQuery, removeMandantLogo, uploadMandantLogo } from "./mandant.logo.api.ts";
import { LOGO_ANFANG_LAENGE, logoFehler } from "./mandant.logo.ts";
import { mandantKeys, myMandantsQuery } from "./mandant.queries.ts";
import type { MandantForm } from "./useMandantForm.ts";

/**
 * Belegausgabe (issue 16): what the tenant's document PDFs look like — layout, the DIN 5008 form the address
 * window follows, the footer on every page (form fields, saved with the tenant) — and the logo (saved at once by
 * its own calls). Loaded lazily: the tenant edit's first load stays within its budget (DESIGN §9).
 */
export default function MandantBelegausgabeFields({ form }: { form: MandantForm }) {
  const { t } = useTranslation("mandantausgabe");
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Select
          label={t("field.pdfLayout")}
          data={PDF_LAYOUTS.map((code) => ({ value: code, label: t(`layout.${code}`) }))}
          allowDeselect={false}
          key={form.key("pdfLayout")}
          {...form.getInputProps("pdfLayout")}
        />
        <Radio.Group
          label={t("field.fensterkuvert")}
          description={t("hint.fensterkuvert")}
          key={form.key("fensterkuvert")}
          {...form.getInputProps("fensterkuvert")}
        >
          <Stack gap={6} mt={6}>
            {FENSTERKUVERT_FORMEN.map((form_) => (
              <Radio key={form_} value={form_} label={t(`fensterkuvert.${form_}`)} />
            ))}
          </Stack>
        </Radio.Group>
      </SimpleGrid>
      <Textarea
        label={t("field.pdfFusszeile")}
        description={t("hint.pdfFusszeile")}
        autosize
        minRows={2}
        maxRows={6}
        maxLength={1000}
        key={form.key("pdfFusszeile")}
        {...form.getInputProps("pdfFusszeile")}
      />
      <MandantLogo mandantId={form.values.id} name={form.values.bezeichnung} />
    </Stack>
  );
}

/**
 * The logo of the tenant the form edits. The API keeps a logo for the tenant in X-Mandant-Id, which must be one of
 * the user's active tenants: a new tenant, one the user is no member of (an administrator's view of others), or
 * a deactivated one gets a note instead of the upload.
 */
function MandantLogo({ mandantId, name }: { mandantId: number | undefined; name: string }) {
  const { t } = useTranslation("mandantausgabe");
  const mine = useQuery(myMandantsQuery);
  const mitglied = mine.data?.find((mandant) => mandant.id === mandantId);
  let hinweis: string | null = null;
  if (mandantId === undefined) hinweis = t("logo.neu");
  else if (mine.isSuccess && !mitglied) hinweis = t("logo.keinMitglied");
  else if (mitglied && !mitglied.aktiv) hinweis = t("logo.inaktiv");
  return (
    <Input.Wrapper label={t("logo.title")}>
      {hinweis !== null || mandantId === undefined || !mitglied ? (
        <Text size="sm" c="dimmed" mt={4}>
          {hinweis ?? t("logo.laedt")}
        </Text>
      ) : (
        <LogoBearbeiten mandantId={mandantId} name={name} />
      )}
    </Input.Wrapper>
  );
}

/** A blob as an object URL for an <img>, revoked when the blob changes or the component goes. */
function useObjectUrl(blob: Blob | null | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) {
      setUrl(null);
      return;
    }
    const created = URL.createObjectURL(blob);
    setUrl(created);
    return () => URL.revokeObjectURL(created);
  }, [blob]);
  return url;
}

/** A checkerboard behind the preview, so transparent parts of the logo show as such. */
const SCHACHBRETT = {
  backgroundColor: "#fff",
  backgroundImage:
    "linear-gradient(45deg, #eef0f2 25%, transparent 25%), linear-gradient(-45deg, #eef0f2 25%, transparent 25%), linear-gradient(45deg, transparent 75%, #eef0f2 75%), linear-gradient(-45deg, transparent 75%, #eef0f2 75%)",
  backgroundSize: "16px 16px",
  backgroundPosition: "0 0, 0 8px, 8px -8px, -8px 0",
};

function LogoBearbeiten({ mandantId, name }: { mandantId: number; name: string }) {
  const { t, i18n } = useTranslation("mandantausgabe");
  const problemMessage = useProblemMessage();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { href } = useLocation();
  const { confirm, dialog } = useConfirm();
  const [fehler, setFehler] = useState<string | null>(null);
  const [abmessungen, setAbmessungen] = useState<{ breite: number; hoehe: number } | null>(null);
  const logo = useQuery(
    mandantLogoQuery(mandantId, () => {
      void navigate({ to: "/login", search: { redirect: href }, replace: true, ignoreBlocker: true });
    }),
  );
  const url = useObjectUrl(logo.data);
  const max = formatBytes(MANDANT_LOGO_MAX_BYTES, i18n.language);

  /** A refused upload: the field's message when the server names one (too large, no picture, broken). */
  const ablehnung = (error: unknown) => {
    const feld = isApiError(error) ? error.fieldErrors.find((e) => e.field === "inhalt") : undefined;
    return feld ? fieldErrorMessage(feld.code, { max: feld.max }) : problemMessage(error);
  };

  const hochladen = useMutation({
    mutationFn: async (datei: File) => uploadMandantLogo(mandantId, await fileToBase64(datei)),
    onSuccess: async (gespeichert) => {
      setAbmessungen({ breite: gespeichert.breite, hoehe: gespeichert.hoehe });
      await queryClient.invalidateQueries({ queryKey: mandantKeys.logo(mandantId) });
      notifySuccess(t("logo.gespeichert"));
    },
    onError: (error) => setFehler(ablehnung(error)),
  });
  const entfernen = useMutation({
    mutationFn: () => removeMandantLogo(mandantId),
    onSuccess: () => {
      setAbmessungen(null);
      queryClient.setQueryData(mandantKeys.logo(mandantId), null);
      notifySuccess(t("logo.entfernt"));
    },
    onError: (error) => setFehler(problemMessage(error)),
  });

  const waehlen = async (datei: File | null) => {
    if (!datei) return;
    setFehler(null);
    const code = logoFehler(datei, await dateiAnfang(datei, LOGO_ANFANG_LAENGE));
    if (code) {
      setFehler(t(`logo.fehler.${code}`, { name: datei.name, max }));
      return;
    }
    hochladen.mutate(datei);
  };

  const fragenUndEntfernen = async () => {
    const ja = await confirm({
      title: t("logo.entfernenFrage"),
      message: t("logo.entfernenText", { name }),
      confirmLabel: t("logo.entfernen"),
      danger: true,
    });
    if (ja) entfernen.mutate();
  };

  const vorhanden = Boolean(logo.data);
  return (
    <Stack gap="xs" mt={4}>
      <Group align="flex-start" gap="md" wrap="wrap">
        <Box
          w={280}
          h={120}
          p={8}
          display="flex"
          style={{
            ...SCHACHBRETT,
            alignItems: "center",
            justifyContent: "center",
            border: "1px solid var(--mantine-color-gray-3)",
            borderRadius: "var(--mantine-radius-sm)",
          }}
        >
          {logo.isPending ? (
            <Loader size="sm" aria-label={t("logo.laedt")} />
          ) : logo.isError ? (
            <Text size="sm" c="red">
              {t("logo.ladeFehler")}
            </Text>
          ) : url ? (
            <Image
              src={url}
              alt={t("logo.vorschau")}
              fit="contain"
              h="100%"
              w="100%"
              onLoad={(event) =>
                setAbmessungen({
                  breite: event.currentTarget.naturalWidth,
                  hoehe: event.currentTarget.naturalHeight,
                })
              }
            />
          ) : (
            <Text size="sm" c="dimmed" ta="center">
              {t("logo.keines")}
            </Text>
          )}
        </Box>
        <Stack gap="xs" style={{ flex: "1 1 240px" }}>
          <Text size="sm" c="dimmed">
            {t("logo.hinweis", { max, pixel: MANDANT_LOGO_MAX_PIXEL })}
          </Text>
          {vorhanden && abmessungen && <Text size="sm">{t("logo.abmessungen", abmessungen)}</Text>}
          <Group gap="sm">
            <FileButton onChange={(datei) => void waehlen(datei)} accept="image/png,image/jpeg">
              {(props) => (
                <Button {...props} variant="default" loading={hochladen.isPending} disabled={logo.isPending}>
                  {vorhanden ? t("logo.ersetzen") : t("logo.hochladen")}
                </Button>
              )}
            </FileButton>
            {vorhanden && (
              <Button
                variant="subtle"
                color="red"
                loading={entfernen.isPending}
                onClick={() => void fragenUndEntfernen()}
              >
                {t("logo.entfernen")}
              </Button>
            )}
          </Group>
        </Stack>
      </Group>
      {fehler && (
        <Alert
          color="red"
          role="alert"
          withCloseButton
          onClose={() => setFehler(null)}
          title={t("logo.abgelehnt")}
        >
          <Text size="sm">{fehler}</Text>
        </Alert>
      )}
      {dialog}
    </Stack>
  );
}
