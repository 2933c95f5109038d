import type { TWarengruppe } from "@kontor/domain/warengruppe/warengruppe.schema";
import {
  ActionIcon,
  Alert,
  Button,
  Center,
  Group,
  Loader,
  Modal,
  Paper,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
  VisuallyHidden,
} from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { IconPencil, IconPlus } from "../../components/icons.tsx";
import { warengruppeName } from "./untergruppe.form.ts";
import { untergruppenOfQuery } from "./warengruppe.api.ts";

// The dialog's form (with the shared schema, i.e. zod) loads when it opens, not with the screen (DESIGN §9).
const AddUntergruppeForm = lazy(() =>
  import("./AddUntergruppeForm.tsx").then((module) => ({ default: module.AddUntergruppeForm })),
);

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
        {adding && (
          <Suspense
            fallback={
              <Center py="md">
                <Loader size="sm" />
              </Center>
            }
          >
            <AddUntergruppeForm warengruppeId={group.id} onDone={() => setAdding(false)} />
          </Suspense>
        )}
      </Modal>
    </Paper>
  );
}
