import { type TWarengruppe, ZUntergruppe } from "@kontor/domain/warengruppe/warengruppe.schema";
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Loader,
  Modal,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
  VisuallyHidden,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { api, isApiError } from "../../app/api.ts";
import { notifyFailure, notifySuccess } from "../../components/feedback/notify.ts";
import { serverFieldErrors, zodValidate } from "../../components/form/fieldErrors.ts";
import { IconPencil, IconPlus } from "../../components/icons.tsx";
import { useProblemMessage } from "../../components/problemMessage.ts";
import {
  emptyUntergruppe,
  type UntergruppeValues,
  untergruppeFromForm,
  warengruppeName,
} from "./untergruppe.form.ts";
import { untergruppenOfQuery } from "./warengruppe.api.ts";

const validateUntergruppe = zodValidate(ZUntergruppe);

/**
 * Below a saved goods group: its subgroups (each with a link to its edit screen) and "Untergruppe hinzufügen",
 * a dialog that stays open on "Speichern und nächste" (also Enter), so several subgroups go in one after another.
 */
export function UntergruppenSection({ group }: { group: TWarengruppe & { id: number } }) {
  const { t } = useTranslation(["stammdaten", "crud"]);
  const subgroups = useQuery(untergruppenOfQuery(group.id));
  const [adding, setAdding] = useState(false);
  const name = warengruppeName(group);

  return (
    <Paper withBorder radius="md" p="lg" maw={860}>
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} size="h3">
            {t("warengruppe.untergruppen.title")}
          </Title>
          <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
            {t("warengruppe.untergruppen.add")}
          </Button>
        </Group>
        {subgroups.isPending ? (
          <Loader size="sm" />
        ) : subgroups.isError ? (
          <Alert color="red">{t("warengruppe.untergruppen.loadFailed")}</Alert>
        ) : subgroups.data.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t("warengruppe.untergruppen.empty")}
          </Text>
        ) : (
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={160}>{t("untergruppe.field.unterGruppe")}</Table.Th>
                <Table.Th>{t("untergruppe.field.bezeichnung")}</Table.Th>
                <Table.Th w={60}>
                  <VisuallyHidden>{t("crud:list.actions")}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {subgroups.data.map((sub) => {
                const label = t("crud:action.edit", { name: `${sub.unterGruppe} – ${sub.bezeichnung}` });
                return (
                  <Table.Tr key={sub.id}>
                    <Table.Td>{sub.unterGruppe}</Table.Td>
                    <Table.Td>{sub.bezeichnung}</Table.Td>
                    <Table.Td ta="right">
                      <Tooltip label={label} openDelay={400}>
                        <ActionIcon
                          variant="subtle"
                          component={Link}
                          to={`/untergruppe/${sub.id}`}
                          aria-label={label}
                        >
                          <IconPencil />
                        </ActionIcon>
                      </Tooltip>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
      <Modal
        opened={adding}
        onClose={() => setAdding(false)}
        title={t("warengruppe.untergruppen.addTitle", { name })}
        size="lg"
        // Centred: toasts (top right) must not cover the dialog's buttons while the next subgroup is typed.
        centered
      >
        {adding && <AddUntergruppeForm warengruppeId={group.id} onDone={() => setAdding(false)} />}
      </Modal>
    </Paper>
  );
}

function AddUntergruppeForm({ warengruppeId, onDone }: { warengruppeId: number; onDone: () => void }) {
  const { t } = useTranslation(["stammdaten", "crud"]);
  const problemMessage = useProblemMessage();
  const queryClient = useQueryClient();
  const codeInput = useRef<HTMLInputElement>(null);
  const initialValues = useMemo(() => emptyUntergruppe(warengruppeId), [warengruppeId]);
  const form = useForm<UntergruppeValues>({
    mode: "controlled",
    initialValues,
    validate: (values) => validateUntergruppe(untergruppeFromForm(values)),
  });

  const save = useMutation({
    mutationFn: ({ values }: { values: UntergruppeValues; next: boolean }) =>
      api.put<unknown>("untergruppes", untergruppeFromForm(values)),
    onSuccess: (_, { next }) => {
      notifySuccess(t("crud:toast.created"));
      // The subgroup lists and the goods groups (their subgroups, the count in the list) show it.
      void queryClient.invalidateQueries({ queryKey: ["untergruppe"] });
      void queryClient.invalidateQueries({ queryKey: ["warengruppe"] });
      if (!next) {
        onDone();
        return;
      }
      form.reset();
      codeInput.current?.focus();
    },
    onError: (error) => {
      if (isApiError(error) && error.fieldErrors.length > 0)
        form.setErrors(serverFieldErrors(error.fieldErrors));
      notifyFailure(t("crud:toast.saveFailed"), problemMessage(error));
    },
  });

  return (
    <form
      noValidate
      onSubmit={(event) => {
        // "Speichern und nächste" is the first submit button, so Enter in a field also keeps the dialog open.
        const submitter = (event.nativeEvent as SubmitEvent).submitter;
        const next = submitter?.dataset.next === "true";
        form.onSubmit(
          (values) => save.mutate({ values, next }),
          () => notifyFailure(t("crud:toast.saveFailed"), t("crud:form.invalid")),
        )(event);
      }}
    >
      <Stack gap="md">
        <Group grow align="flex-start">
          <TextInput
            ref={codeInput}
            data-autofocus
            label={t("untergruppe.field.unterGruppe")}
            description={t("untergruppe.hint.unterGruppe")}
            withAsterisk
            maxLength={20}
            key={form.key("unterGruppe")}
            {...form.getInputProps("unterGruppe")}
          />
          <TextInput
            label={t("untergruppe.field.bezeichnung")}
            withAsterisk
            maxLength={100}
            key={form.key("bezeichnung")}
            {...form.getInputProps("bezeichnung")}
          />
        </Group>
        {form.errors.warengruppe && (
          <Alert color="red" role="alert">
            {form.errors.warengruppe}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} mr="auto">
            {t("crud:action.cancel")}
          </Button>
          <Button
            type="submit"
            variant="light"
            data-next="true"
            loading={save.isPending && save.variables?.next}
          >
            {t("warengruppe.untergruppen.saveAndNext")}
          </Button>
          <Button type="submit" data-next="false" loading={save.isPending && !save.variables?.next}>
            {t("crud:action.save")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
