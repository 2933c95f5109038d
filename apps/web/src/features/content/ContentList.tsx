import { CONTENT_MAX_BYTES } from "@kontor/domain/content/content.codes";
import type { TContentFileZeile, TFolder } from "@kontor/domain/content/content.schema";
import {
  ActionIcon,
  Alert,
  Anchor,
  Breadcrumbs,
  Button,
  FileButton,
  Group,
  Loader,
  Paper,
  Progress,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
} from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate, useParams } from "@tanstack/react-router";
import { type DragEvent, type ReactNode, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { IconFolder } from "../../app/shell/icons.tsx";
import { useShellAccess } from "../../app/shell/useShellAccess.ts";
import { fetchDatei } from "../../components/anhang/fetchDatei.ts";
import { useConfirm } from "../../components/dialogs/ConfirmDialog.tsx";
import { notifyFailure, notifySuccess } from "../../components/feedback/notify.ts";
import { fileToBase64, saveBlob } from "../../components/files/files.ts";
import { formatDateTime } from "../../components/format/format.ts";
import { IconPencil, IconPlus, IconTrash } from "../../components/icons.tsx";
import { useProblemMessage } from "../../components/problemMessage.ts";
import { MoveDialog, NameDialog, useCodeText } from "./ContentDialogs.tsx";
import {
  batches,
  CONTENT_KEY,
  dateiPfad,
  deleteFile,
  deleteFolder,
  filesQuery,
  folderOfSlug,
  folderQuery,
  formatBytes,
  listPath,
  refusals,
  saveFolder,
  searchQuery,
  subfoldersQuery,
  tooLarge,
  type UploadItem,
  updateFile,
  uploadFiles,
  viewPath,
} from "./content.api.ts";

const MAX_MB = CONTENT_MAX_BYTES / 1024 / 1024;

type Dialog =
  | { art: "neuerOrdner" }
  | { art: "ordnerName"; folder: TFolder }
  | { art: "ordnerVerschieben"; folder: TFolder }
  | { art: "dateiName"; file: TContentFileZeile }
  | { art: "dateiVerschieben"; file: TContentFileZeile }
  | null;

/**
 * /content_list/{folder} (SPEC §2, issue 23): a folder of the tenant's content ("root" = the top level) — the
 * path as breadcrumbs, its subfolders and files, a search by file name over every folder, and for writers new
 * folder, new text, rename, move, delete and uploads (button or drag and drop of several files; each refused file
 * is named with the translated reason, the others can be sent again without it).
 */
export function ContentList() {
  const { slug } = useParams({ strict: false }) as { slug?: string };
  const folder = folderOfSlug(slug);
  const { t } = useTranslation("content");
  if (folder === undefined)
    return (
      <Alert color="red" title={t("title")}>
        {t("folders.notFound")}
      </Alert>
    );
  return <ContentFolder key={String(folder)} folder={folder} />;
}

export function ContentFolder({ folder }: { folder: number | null }) {
  const { t, i18n } = useTranslation("content");
  const access = useShellAccess();
  const write = access.can("contentWrite");
  const problemMessage = useProblemMessage();
  const codeText = useCodeText();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { confirm, dialog: confirmDialog } = useConfirm();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [suche, setSuche] = useState("");
  const [suchtext] = useDebouncedValue(suche.trim(), 300);
  const [uploads, setUploads] = useState<UploadItem[]>([]);
  const [dragging, setDragging] = useState(false);
  const resetRef = useRef<() => void>(null);

  const detail = useQuery({ ...folderQuery(folder ?? 0), enabled: folder !== null });
  const subfolders = useQuery(subfoldersQuery(folder));
  const files = useQuery(filesQuery(folder));
  const found = useQuery({ ...searchQuery(suchtext), enabled: suchtext !== "" });
  const refresh = () => queryClient.invalidateQueries({ queryKey: [CONTENT_KEY] });

  if (folder !== null && detail.isError)
    return (
      <Alert color="red" title={t("title")}>
        {isNotFound(detail.error) ? t("folders.notFound") : problemMessage(detail.error)}
        <Anchor component={Link} to={listPath(null)} display="block" mt="sm">
          {t("root")}
        </Anchor>
      </Alert>
    );

  const path = folder === null ? [] : (detail.data?.path ?? []);
  const parentOfThis = path.length >= 2 ? path[path.length - 2]!.id : null;

  const herunterladen = async (file: TContentFileZeile) => {
    try {
      const { blob, name } = await fetchDatei(dateiPfad(file.id, true), () => {
        void navigate({ to: "/login", replace: true });
      });
      saveBlob(blob, name ?? file.filename);
    } catch (error) {
      notifyFailure(t("toast.downloadFailed"), problemMessage(error));
    }
  };

  const loeschen = async (was: { folder?: TFolder; file?: TContentFileZeile }) => {
    const name = was.folder?.folderName ?? was.file?.filename ?? "";
    const ok = await confirm({
      title: t(was.folder ? "dialog.deleteFolder" : "dialog.deleteFile"),
      message: t(was.folder ? "dialog.deleteFolderText" : "dialog.deleteFileText", { name }),
      confirmLabel: t("action.delete"),
      danger: true,
    });
    if (!ok) return;
    try {
      if (was.folder) await deleteFolder(was.folder.id);
      else if (was.file) await deleteFile(was.file.id);
      notifySuccess(t("toast.deleted"));
      await refresh();
    } catch (error) {
      notifyFailure(t("toast.deleteFailed"), problemMessage(error));
    }
  };

  /** Sends the waiting files in batches; a refused batch marks its refused files and keeps the rest waiting. */
  const senden = async (items: UploadItem[]) => {
    const offen = items.filter((item) => item.status === "wartet");
    let hochgeladen = 0;
    for (const batch of batches(offen)) {
      const keys = new Set(batch.map((item) => item.key));
      setUploads((list) => list.map((item) => (keys.has(item.key) ? { ...item, status: "laeuft" } : item)));
      try {
        const payload = [];
        for (const item of batch)
          payload.push({ filename: item.file.name, inhalt: await fileToBase64(item.file) });
        await uploadFiles(folder, payload);
        hochgeladen += batch.length;
        setUploads((list) => list.map((item) => (keys.has(item.key) ? { ...item, status: "fertig" } : item)));
      } catch (error) {
        const refused = new Map(refusals(error, batch.length).map((r) => [batch[r.index]?.key, r]));
        setUploads((list) =>
          list.map((item) => {
            if (!keys.has(item.key)) return item;
            const refusal = refused.get(item.key);
            return refusal
              ? { ...item, status: "fehler", code: refusal.code, max: refusal.max }
              : { ...item, status: "nichtGespeichert" };
          }),
        );
      }
    }
    if (hochgeladen > 0) {
      notifySuccess(t("toast.uploaded", { count: hochgeladen }));
      await refresh();
    }
  };

  const hinzufuegen = (list: File[]) => {
    if (list.length === 0) return;
    const neu: UploadItem[] = list.map((file, i) => ({
      key: `${Date.now()}-${i}-${file.name}`,
      file,
      ...(tooLarge(file) ? { status: "fehler" as const, code: "zuGross" } : { status: "wartet" as const }),
    }));
    setUploads((vorher) => [...vorher.filter((item) => item.status !== "fertig"), ...neu]);
    void senden(neu);
  };

  const ohneFehlerhafte = () => {
    const rest = uploads
      .filter((item) => item.status === "nichtGespeichert")
      .map((item) => ({ ...item, status: "wartet" as const }));
    const keys = new Set(rest.map((item) => item.key));
    // The refused files stay listed with their reason; the others wait again.
    setUploads((list) => list.map((item) => (keys.has(item.key) ? { ...item, status: "wartet" } : item)));
    void senden(rest);
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!write) return;
    hinzufuegen(Array.from(event.dataTransfer.files));
  };

  const fertig = uploads.filter((u) => u.status === "fertig").length;
  const suchModus = suchtext !== "";
  const dateien = suchModus ? (found.data ?? []) : (files.data ?? []);

  return (
    <Stack
      gap="md"
      onDragOver={(event) => {
        if (!write) return;
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      <Group justify="space-between" wrap="wrap">
        <Title order={1}>{t("title")}</Title>
        {write && (
          <Group gap="xs" wrap="wrap">
            <Button
              variant="default"
              leftSection={<IconPlus />}
              onClick={() => setDialog({ art: "neuerOrdner" })}
            >
              {t("action.newFolder")}
            </Button>
            <Button
              variant="default"
              leftSection={<IconPlus />}
              onClick={() => void navigate({ to: viewPath(folder, "new") })}
            >
              {t("action.newText")}
            </Button>
            <FileButton onChange={(list) => hinzufuegen(list)} multiple resetRef={resetRef}>
              {(props) => <Button {...props}>{t("action.upload")}</Button>}
            </FileButton>
          </Group>
        )}
      </Group>

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

      {!write && access.ready && (
        <Alert color="gray" variant="light">
          {t("readOnly")}
        </Alert>
      )}

      <TextInput
        label={t("search.label")}
        placeholder={t("search.placeholder")}
        value={suche}
        onChange={(e) => setSuche(e.currentTarget.value)}
        maw={420}
        type="search"
      />

      {write && (
        <Paper
          withBorder
          p="md"
          radius="md"
          style={{ borderStyle: "dashed" }}
          bg={dragging ? "blue.0" : undefined}
          data-testid="content-dropzone"
        >
          <Text size="sm" c="dimmed" ta="center">
            {dragging ? t("drop.active") : t("drop.hint", { maxMb: MAX_MB })}
          </Text>
        </Paper>
      )}

      {uploads.length > 0 && (
        <Paper withBorder p="md" radius="md" aria-label={t("upload.title")} role="region">
          <Stack gap="xs">
            <Group justify="space-between">
              <Text fw={600}>{t("upload.zusammenfassung", { fertig, gesamt: uploads.length })}</Text>
              <Button
                size="xs"
                variant="subtle"
                onClick={() => setUploads([])}
                disabled={uploads.some((u) => u.status === "laeuft")}
              >
                {t("action.clearUploads")}
              </Button>
            </Group>
            <Progress value={(fertig / uploads.length) * 100} aria-label={t("upload.title")} />
            {uploads.some((u) => u.status === "fehler") && (
              <Alert color="red" variant="light" p="xs">
                {t("upload.abgelehnt")}
              </Alert>
            )}
            <Stack gap={2} role="list">
              {uploads.map((item) => (
                <Group key={item.key} gap="xs" wrap="nowrap" role="listitem">
                  <Text size="sm" style={{ wordBreak: "break-all" }}>
                    {item.file.name}
                  </Text>
                  <Text
                    size="sm"
                    c={item.status === "fehler" ? "red" : item.status === "fertig" ? "green" : "dimmed"}
                  >
                    {item.status === "fehler"
                      ? t("upload.fehler", {
                          grund:
                            item.code === "zuGross"
                              ? t("upload.zuGross", { maxMb: MAX_MB })
                              : codeText(item.code ?? "error.unknown", item.max),
                        })
                      : t(`upload.${item.status}`)}
                  </Text>
                </Group>
              ))}
            </Stack>
            {uploads.some((u) => u.status === "nichtGespeichert") && (
              <Group>
                <Button size="xs" onClick={ohneFehlerhafte}>
                  {t("action.retryWithout")}
                </Button>
              </Group>
            )}
          </Stack>
        </Paper>
      )}

      {!suchModus && (
        <section aria-label={t("folders.title")}>
          <Title order={3} size="h4" mb="xs">
            {t("folders.title")}
          </Title>
          {folder !== null && (
            <Anchor component={Link} to={listPath(parentOfThis)} size="sm">
              ↑ {t("action.up")}
            </Anchor>
          )}
          {subfolders.isPending ? (
            <Loader size="sm" />
          ) : subfolders.isError ? (
            <Text c="red">{problemMessage(subfolders.error)}</Text>
          ) : (subfolders.data ?? []).length === 0 ? (
            <Text size="sm" c="dimmed">
              {t("folders.empty")}
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={320}>
              <Table highlightOnHover>
                <Table.Tbody>
                  {subfolders.data!.map((f) => (
                    <Table.Tr key={f.id}>
                      <Table.Td>
                        <Anchor component={Link} to={listPath(f.id)} fw={500}>
                          <Group gap={6} wrap="nowrap" component="span">
                            <IconFolder size={18} />
                            <span>{f.folderName}</span>
                          </Group>
                        </Anchor>
                        <Text size="xs" c="dimmed">
                          {t("folders.counts", { folders: f.subfolderCount, files: f.fileCount })}
                        </Text>
                      </Table.Td>
                      <Table.Td w={1}>
                        {write && (
                          <Aktionen
                            name={f.folderName}
                            rename={() => setDialog({ art: "ordnerName", folder: f })}
                            move={() => setDialog({ art: "ordnerVerschieben", folder: f })}
                            remove={() => void loeschen({ folder: f })}
                          />
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </section>
      )}

      <section aria-label={suchModus ? t("search.results") : t("files.title")}>
        <Title order={3} size="h4" mb="xs">
          {suchModus ? t("search.results") : t("files.title")}
        </Title>
        {(suchModus ? found.isPending : files.isPending) ? (
          <Loader size="sm" />
        ) : dateien.length === 0 ? (
          <Text size="sm" c="dimmed">
            {suchModus ? t("search.none") : t("files.empty")}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={360}>
            <Table highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("files.column.filename")}</Table.Th>
                  <Table.Th visibleFrom="sm">{t("files.column.typ")}</Table.Th>
                  <Table.Th visibleFrom="sm" ta="right">
                    {t("files.column.groesse")}
                  </Table.Th>
                  <Table.Th visibleFrom="md">{t("files.column.geaendert")}</Table.Th>
                  <Table.Th w={1}>{t("files.column.actions")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {dateien.map((file) => (
                  <Table.Tr key={file.id}>
                    <Table.Td style={{ wordBreak: "break-word" }}>
                      <Anchor component={Link} to={viewPath(file.parent, file.id)}>
                        {file.filename}
                      </Anchor>
                    </Table.Td>
                    <Table.Td visibleFrom="sm">{t(`typ.${file.contentFileTyp}`)}</Table.Td>
                    <Table.Td visibleFrom="sm" ta="right" style={{ whiteSpace: "nowrap" }}>
                      {file.assetId === null ? t("files.richText") : formatBytes(file.groesse, i18n.language)}
                    </Table.Td>
                    <Table.Td visibleFrom="md" style={{ whiteSpace: "nowrap" }}>
                      {formatDateTime(file.lastModifiedDate)}
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        {file.assetId !== null && (
                          <Tooltip label={t("action.download")}>
                            <ActionIcon
                              variant="subtle"
                              aria-label={`${t("action.download")}: ${file.filename}`}
                              onClick={() => void herunterladen(file)}
                            >
                              ⤓
                            </ActionIcon>
                          </Tooltip>
                        )}
                        {write && (
                          <Aktionen
                            name={file.filename}
                            rename={() => setDialog({ art: "dateiName", file })}
                            move={() => setDialog({ art: "dateiVerschieben", file })}
                            remove={() => void loeschen({ file })}
                          />
                        )}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </section>

      {dialog?.art === "neuerOrdner" && (
        <NameDialog
          title={t("dialog.newFolder")}
          label={t("dialog.folderName")}
          initial=""
          onClose={() => setDialog(null)}
          save={async (folderName) => {
            await saveFolder({ folderName, parent: folder });
            notifySuccess(t("toast.saved"));
            await refresh();
          }}
        />
      )}
      {dialog?.art === "ordnerName" && (
        <NameDialog
          title={t("dialog.renameFolder")}
          label={t("dialog.folderName")}
          initial={dialog.folder.folderName}
          onClose={() => setDialog(null)}
          save={async (folderName) => {
            await saveFolder({ id: dialog.folder.id, folderName, parent: dialog.folder.parent });
            notifySuccess(t("toast.saved"));
            await refresh();
          }}
        />
      )}
      {dialog?.art === "ordnerVerschieben" && (
        <MoveDialog
          title={t("dialog.moveFolder", { name: dialog.folder.folderName })}
          start={folder}
          forbidden={dialog.folder.id}
          onClose={() => setDialog(null)}
          move={async (parent) => {
            await saveFolder({ id: dialog.folder.id, folderName: dialog.folder.folderName, parent });
            notifySuccess(t("toast.moved"));
            await refresh();
          }}
        />
      )}
      {dialog?.art === "dateiName" && (
        <NameDialog
          title={t("dialog.renameFile")}
          label={t("dialog.filename")}
          initial={dialog.file.filename}
          onClose={() => setDialog(null)}
          save={async (filename) => {
            await updateFile(dialog.file.id, { filename, parent: dialog.file.parent });
            notifySuccess(t("toast.saved"));
            await refresh();
          }}
        />
      )}
      {dialog?.art === "dateiVerschieben" && (
        <MoveDialog
          title={t("dialog.moveFile", { name: dialog.file.filename })}
          start={dialog.file.parent}
          onClose={() => setDialog(null)}
          move={async (parent) => {
            await updateFile(dialog.file.id, { filename: dialog.file.filename, parent });
            notifySuccess(t("toast.moved"));
            await refresh();
          }}
        />
      )}
      {confirmDialog}
    </Stack>
  );
}

function Aktionen(props: {
  name: string;
  rename: () => void;
  move: () => void;
  remove: () => void;
}): ReactNode {
  const { t } = useTranslation("content");
  return (
    <Group gap={4} wrap="nowrap">
      <Tooltip label={t("action.rename")}>
        <ActionIcon
          variant="subtle"
          aria-label={`${t("action.rename")}: ${props.name}`}
          onClick={props.rename}
        >
          <IconPencil />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t("action.move")}>
        <ActionIcon variant="subtle" aria-label={`${t("action.move")}: ${props.name}`} onClick={props.move}>
          ⇄
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t("action.delete")}>
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={`${t("action.delete")}: ${props.name}`}
          onClick={props.remove}
        >
          <IconTrash />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

const isNotFound = (error: unknown) => (error as { status?: number } | null)?.status === 404;
