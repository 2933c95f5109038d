import { CONTENT_FILE_TYPEN, type TContentFileTyp } from "@kontor/domain/content/content.codes";
import type { TContentFile } from "@kontor/domain/content/content.schema";
import {
  Alert,
  Anchor,
  Breadcrumbs,
  Button,
  Group,
  Image,
  Loader,
  Paper,
  ScrollArea,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate, useParams } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../app/api.ts";
import { useShellAccess } from "../../app/shell/useShellAccess.ts";
import { fetchDatei } from "../../components/anhang/fetchDatei.ts";
import { notifyFailure, notifySuccess } from "../../components/feedback/notify.ts";
import { saveBlob } from "../../components/files/files.ts";
import { formatDateTime } from "../../components/format/format.ts";
import { IconArrowLeft } from "../../components/icons.tsx";
import { useProblemMessage } from "../../components/problemMessage.ts";
import { LazyRichTextEditor } from "../../components/richtext/LazyRichTextEditor.tsx";
import { useCodeText } from "./ContentDialogs.tsx";
import {
  CONTENT_KEY,
  contentKeys,
  dateiPfad,
  fileQuery,
  folderOfSlug,
  folderQuery,
  formatBytes,
  listPath,
  saveContent,
  viewPath,
} from "./content.api.ts";

/**
 * /content/{folder}/{contentId} (SPEC §2, issue 23): one content file — its preview (image, PDF in a frame, an
 * audio player, text), its rich text in the editor (editable with ROLE_CONTENT_WRITE), details and download.
 * contentId "new" starts a new rich-text content in the folder.
 */
export function ContentView() {
  const { slug, _splat } = useParams({ strict: false }) as { slug?: string; _splat?: string };
  const folder = folderOfSlug(slug);
  const { t } = useTranslation("content");
  const id = _splat === "new" ? "new" : /^[1-9]\d{0,15}$/.test(_splat ?? "") ? Number(_splat) : undefined;
  if (folder === undefined || id === undefined)
    return (
      <Alert color="red" title={t("title")}>
        {t("view.notFound")}
      </Alert>
    );
  if (id === "new") return <ContentText key="new" folder={folder} file={null} />;
  return <GespeicherterInhalt key={id} folder={folder} id={id} />;
}

function GespeicherterInhalt({ folder, id }: { folder: number | null; id: number }) {
  const { t } = useTranslation("content");
  const problemMessage = useProblemMessage();
  const file = useQuery(fileQuery(id));
  if (file.isPending) return <Loader />;
  if (file.isError)
    return (
      <Alert color="red" title={t("title")}>
        {isApiError(file.error) && file.error.status === 404
          ? t("view.notFound")
          : problemMessage(file.error)}
        <Anchor component={Link} to={listPath(folder)} display="block" mt="sm">
          {t("action.back")}
        </Anchor>
      </Alert>
    );
  return <ContentText folder={file.data.parent} file={file.data} />;
}

function ContentText({ folder, file }: { folder: number | null; file: TContentFile | null }) {
  const { t, i18n } = useTranslation("content");
  const access = useShellAccess();
  const write = access.can("contentWrite");
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const problemMessage = useProblemMessage();
  const codeText = useCodeText();
  const detail = useQuery({ ...folderQuery(folder ?? 0), enabled: folder !== null });
  const path = folder === null ? [] : (detail.data?.path ?? []);

  const [filename, setFilename] = useState(file?.filename ?? "");
  const [typ, setTyp] = useState<TContentFileTyp>((file?.contentFileTyp as TContentFileTyp) ?? "hoerbtext");
  const [html, setHtml] = useState(file?.fileContent ?? "");
  const [fehler, setFehler] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const zeigeEditor = file === null || file.hasContent || file.assetId === null || write;

  const speichern = async () => {
    setBusy(true);
    setFehler({});
    try {
      const saved = await saveContent({
        ...(file ? { id: file.id } : {}),
        filename: filename.trim(),
        parent: folder,
        fileContent: html,
        contentFileTyp: typ,
      });
      notifySuccess(t("toast.saved"));
      await queryClient.invalidateQueries({ queryKey: [CONTENT_KEY] });
      if (!file) void navigate({ to: viewPath(saved.parent, saved.id), replace: true });
    } catch (error) {
      const felder = isApiError(error) ? error.fieldErrors : [];
      if (felder.length > 0)
        setFehler(Object.fromEntries(felder.map((f) => [f.field, codeText(f.code, f.max)])));
      notifyFailure(t("toast.saveFailed"), problemMessage(error));
    } finally {
      setBusy(false);
    }
  };

  const herunterladen = async () => {
    if (!file) return;
    try {
      const { blob, name } = await fetchDatei(dateiPfad(file.id, true), () => {
        void navigate({ to: "/login", replace: true });
      });
      saveBlob(blob, name ?? file.filename);
    } catch (error) {
      notifyFailure(t("toast.downloadFailed"), problemMessage(error));
    }
  };

  return (
    <Stack gap="md">
      <nav aria-label={t("breadcrumbs")}>
        <Breadcrumbs separatorMargin={4} style={{ flexWrap: "wrap" }}>
          <Anchor component={Link} to={listPath(null)}>
            {t("root")}
          </Anchor>
          {path.map((step) => (
            <Anchor component={Link} to={listPath(step.id)} key={step.id}>
              {step.folderName}
            </Anchor>
          ))}
        </Breadcrumbs>
      </nav>
      <Group justify="space-between" wrap="wrap">
        <Title order={1} style={{ wordBreak: "break-word" }}>
          {file ? file.filename : t("view.newTitle")}
        </Title>
        <Group gap="xs">
          <Button variant="default" component={Link} to={listPath(folder)} leftSection={<IconArrowLeft />}>
            {t("action.back")}
          </Button>
          {file?.assetId != null && (
            <Button onClick={() => void herunterladen()}>{t("action.download")}</Button>
          )}
        </Group>
      </Group>

      {file && (
        <Paper withBorder p="md" radius="md">
          <SimpleGrid cols={{ base: 1, xs: 3 }}>
            <Feld label={t("view.typ")} value={t(`typ.${file.contentFileTyp as TContentFileTyp}`)} />
            <Feld
              label={t("view.groesse")}
              value={file.assetId === null ? t("files.richText") : formatBytes(file.groesse, i18n.language)}
            />
            <Feld
              label={t("view.geaendert")}
              value={`${formatDateTime(file.lastModifiedDate)}${file.lastModifiedBy ? ` ${t("view.von", { name: file.lastModifiedBy })}` : ""}`}
            />
          </SimpleGrid>
        </Paper>
      )}

      {file?.assetId != null && file.contentType && (
        <Vorschau id={file.id} name={file.filename} contentType={file.contentType} />
      )}

      {zeigeEditor && (
        <Paper withBorder p="md" radius="md">
          <Stack>
            {write && (
              <Group grow align="flex-start" wrap="wrap">
                <TextInput
                  label={t("dialog.filename")}
                  value={filename}
                  onChange={(e) => setFilename(e.currentTarget.value)}
                  error={fehler.filename}
                  required
                  maxLength={200}
                  miw={220}
                />
                <Select
                  label={t("view.typ")}
                  data={CONTENT_FILE_TYPEN.map((value) => ({ value, label: t(`typ.${value}`) }))}
                  value={typ}
                  onChange={(value) => value && setTyp(value as TContentFileTyp)}
                  allowDeselect={false}
                  error={fehler.contentFileTyp}
                  miw={160}
                />
              </Group>
            )}
            <LazyRichTextEditor
              label={t("view.content")}
              value={html}
              onChange={write ? setHtml : undefined}
              readOnly={!write}
              error={fehler.fileContent}
              minHeight={220}
            />
            {write && (
              <Group justify="flex-end">
                <Button onClick={() => void speichern()} loading={busy} disabled={filename.trim() === ""}>
                  {t("action.save")}
                </Button>
              </Group>
            )}
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}

function Feld({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </div>
  );
}

/**
 * The preview of the stored bytes: fetched with the token as a blob (the API is never opened as a page) and shown
 * from a blob: URL — image, PDF (a frame: index.html allows blob: frames), audio player, or the text itself.
 */
function Vorschau({ id, name, contentType }: { id: number; name: string; contentType: string }) {
  const { t } = useTranslation("content");
  const navigate = useNavigate();
  const datei = useQuery({
    queryKey: contentKeys.datei(id),
    queryFn: () =>
      fetchDatei(dateiPfad(id), () => {
        void navigate({ to: "/login", replace: true });
      }).then((r) => r.blob),
    staleTime: 60_000,
  });
  const [url, setUrl] = useState<string | null>(null);
  const [text, setText] = useState<string | null>(null);
  const [abspielFehler, setAbspielFehler] = useState(false);
  useEffect(() => {
    if (!datei.data) return;
    if (contentType === "text/plain") {
      void datei.data.text().then(setText);
      return;
    }
    const objectUrl = URL.createObjectURL(new Blob([datei.data], { type: contentType }));
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [datei.data, contentType]);

  let inhalt: React.ReactNode;
  if (datei.isError) inhalt = <Text c="red">{t("view.previewFailed")}</Text>;
  else if (datei.isPending) inhalt = <Loader size="sm" />;
  else if (contentType === "text/plain")
    inhalt = (
      <ScrollArea.Autosize mah={480}>
        <Text
          component="pre"
          size="sm"
          style={{ whiteSpace: "pre-wrap", wordBreak: "break-word", margin: 0 }}
        >
          {text ?? ""}
        </Text>
      </ScrollArea.Autosize>
    );
  else if (!url) inhalt = <Loader size="sm" />;
  else if (contentType.startsWith("image/")) inhalt = <Image src={url} alt={name} fit="contain" mah={600} />;
  else if (contentType === "application/pdf")
    inhalt = (
      <iframe
        src={url}
        title={t("view.pdfTitle", { name })}
        style={{ width: "100%", height: "70vh", border: 0 }}
      />
    );
  else if (contentType.startsWith("audio/"))
    inhalt = abspielFehler ? (
      <Text>{t("view.previewFailed")}</Text>
    ) : (
      // biome-ignore lint/a11y/useMediaCaption: the audio text itself is the caption (the rich text below)
      <audio
        controls
        src={url}
        aria-label={t("view.audio")}
        style={{ width: "100%" }}
        onError={() => setAbspielFehler(true)}
      />
    );
  else inhalt = <Text>{t("view.noPreview")}</Text>;

  return (
    <Paper withBorder p="md" radius="md" role="region" aria-label={t("view.preview")}>
      <Text fw={600} mb="xs">
        {t("view.preview")}
      </Text>
      {inhalt}
    </Paper>
  );
}
