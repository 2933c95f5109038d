import { VORLAGE_MAX_BYTES } from "@kontor/domain/rechnungsvorlage/rechnungsvorlage.rules";
import { Badge, Button, Checkbox, FileInput, Group, Paper, Stack, Text, TextInput } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { useLocation, useNavigate } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { notifyFailure } from "../../components/feedback/notify.ts";
import { fileToBase64, saveBlob } from "../../components/files/files.ts";
import { fieldErrorMessage } from "../../components/form/fieldErrors.ts";
import { useProblemMessage } from "../../components/problemMessage.ts";
import { ResourceEditPage } from "../../components/resource/ResourceEdit.tsx";
import type { Resource } from "../../components/resource/resource.ts";
import { formatBytes } from "../../components/richtext/imageFile.ts";
import { fetchVorlage } from "./rechnungsvorlage.file.ts";
import { type RechnungsvorlageValues, rechnungsvorlageFromForm } from "./rechnungsvorlage.form.ts";
import type { TRechnungsvorlageForm } from "./rechnungsvorlage.formSchema.ts";
import { contentTypeName, rechnungsvorlageList } from "./rechnungsvorlage.resource.ts";

/** Document templates: their list, the form's schema and the form (a name, active, and a file to upload). */
const rechnungsvorlage: Resource<TRechnungsvorlageForm, RechnungsvorlageValues, "felddefinition"> = {
  ...rechnungsvorlageList,
  schema: () => import("./rechnungsvorlage.formSchema.ts").then((module) => module.ZRechnungsvorlageForm),
  empty: () => ({ vorlagename: "", active: true, datei: null, vorlage: "", vorlageDateiname: "" }),
  toForm: (r) => ({
    ...(r.id !== undefined ? { id: r.id } : {}),
    vorlagename: r.vorlagename,
    active: r.active,
    datei: null,
    vorlage: "",
    vorlageDateiname: "",
  }),
  fromForm: rechnungsvorlageFromForm,
  Fields: function RechnungsvorlageFields({ form, record }) {
    const { t, i18n } = useTranslation("felddefinition");
    const max = formatBytes(VORLAGE_MAX_BYTES, i18n.language);
    const hasFile = Boolean(record?.vorlageContentType);

    const pick = async (file: File | null) => {
      form.setFieldValue("datei", file);
      form.clearFieldError("vorlage");
      if (!file) {
        form.setFieldValue("vorlage", "");
        form.setFieldValue("vorlageDateiname", "");
        return;
      }
      const base64 = await fileToBase64(file);
      if (form.getValues().datei !== file) return; // another file was picked meanwhile
      form.setFieldValue("vorlage", base64);
      form.setFieldValue("vorlageDateiname", file.name);
    };

    // With a file picked, an error of the shared rule at `vorlage` (too large, not a PDF, PNG or JPEG — the rule's or
    // the server's "max" / "invalid") is about that file: say what is wrong with it rather than the generic text.
    // What the server finds on opening the file (too many pixels or pages, encrypted, damaged) is said as it is.
    const { datei } = form.getValues();
    const regelFehler = [fieldErrorMessage("invalid"), fieldErrorMessage("max", { max: VORLAGE_MAX_BYTES })];
    const fileError =
      form.errors.vorlage && datei && regelFehler.includes(String(form.errors.vorlage))
        ? t(
            datei.size > VORLAGE_MAX_BYTES
              ? "rechnungsvorlage.error.tooLarge"
              : "rechnungsvorlage.error.notAllowed",
            {
              max,
            },
          )
        : form.errors.vorlage;

    return (
      <>
        <TextInput
          label={t("rechnungsvorlage.field.vorlagename")}
          withAsterisk
          maxLength={100}
          key={form.key("vorlagename")}
          {...form.getInputProps("vorlagename")}
        />
        <Checkbox
          label={t("rechnungsvorlage.field.active")}
          description={t("rechnungsvorlage.hint.active")}
          key={form.key("active")}
          {...form.getInputProps("active", { type: "checkbox" })}
        />
        {record && hasFile && <CurrentFile record={record} />}
        <FileInput
          label={t(hasFile ? "rechnungsvorlage.field.vorlageNeu" : "rechnungsvorlage.field.vorlage")}
          description={t(hasFile ? "rechnungsvorlage.hint.vorlageNeu" : "rechnungsvorlage.hint.vorlage", {
            max,
          })}
          placeholder={t("rechnungsvorlage.placeholder.vorlage")}
          withAsterisk={!hasFile}
          accept=".pdf,.png,.jpg,.jpeg,application/pdf,image/png,image/jpeg"
          clearable
          value={datei}
          onChange={(file) => void pick(file)}
          error={fileError}
          // The form's path of this input (it is not bound with getInputProps): the save rules name it by its label.
          data-path="vorlage"
        />
      </>
    );
  },
};

/** The stored file: name, type, size, and a download (the call needs the token, so no plain link). */
function CurrentFile({ record }: { record: TRechnungsvorlageForm }) {
  const { t, i18n } = useTranslation(["felddefinition", "crud"]);
  const problemMessage = useProblemMessage();
  const navigate = useNavigate();
  const { href } = useLocation();
  const name = record.vorlageDateiname || t("rechnungsvorlage.current.unnamed");
  const download = useMutation({
    mutationFn: () =>
      fetchVorlage(record.id ?? 0, () => {
        // The session has ended (see main.tsx): past the edit form's unsaved-changes guard.
        void navigate({ to: "/login", search: { redirect: href }, replace: true, ignoreBlocker: true });
      }),
    onSuccess: ({ blob, name: served }) => saveBlob(blob, served ?? record.vorlageDateiname ?? "vorlage"),
    onError: (error) => notifyFailure(t("rechnungsvorlage.current.downloadFailed"), problemMessage(error)),
  });
  return (
    <Paper withBorder radius="sm" p="sm" bg="var(--mantine-color-gray-light)">
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Stack gap={2} miw={0}>
          <Text size="xs" c="dimmed">
            {t("rechnungsvorlage.current.title")}
          </Text>
          <Text fw={500} truncate="end">
            {name}
          </Text>
          <Group gap="xs">
            <Badge variant="light" size="sm">
              {contentTypeName(t, record.vorlageContentType)}
            </Badge>
            {typeof record.vorlageGroesse === "number" && (
              <Text size="sm" c="dimmed">
                {record.vorlageGroesse < 1024
                  ? `${record.vorlageGroesse} B`
                  : formatBytes(record.vorlageGroesse, i18n.language)}
              </Text>
            )}
          </Group>
        </Stack>
        <Button
          variant="light"
          onClick={() => download.mutate()}
          loading={download.isPending}
          aria-label={t("rechnungsvorlage.current.downloadLabel", { name })}
        >
          {t("rechnungsvorlage.current.download")}
        </Button>
      </Group>
    </Paper>
  );
}

export const RechnungsvorlageEdit = () => <ResourceEditPage resource={rechnungsvorlage} />;
