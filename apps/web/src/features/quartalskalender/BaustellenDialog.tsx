import type { TBaustelle } from "@kontor/domain/quartalskalender/quartalskalender.schema";
import { ActionIcon, Button, Checkbox, Group, Modal, Stack, Table, Text, TextInput } from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../app/api.ts";
import { notifyFailure, notifySuccess } from "../../components/feedback/notify.ts";
import { dialogSubmit } from "../../components/form/dialogSubmit.ts";
import { serverFieldErrors } from "../../components/form/fieldErrors.ts";
import { IconPencil } from "../../components/icons.tsx";
import { useProblemMessage } from "../../components/problemMessage.ts";
import { baustellenQuery, baustelleSpeichern, KALENDER_KEY } from "./quartalskalender.api.ts";

type Baustelle = TBaustelle & { id?: number };
const LEER: Baustelle = { bezeichnung: "", adresse: null, ort: null, kundeId: null, aktiv: true };

/**
 * The construction sites (constructionsite): the rows of site calendars and what a person's entry can name. New,
 * rename, switch off (a site with entries cannot be deleted; switched off it leaves the new calendars' rows).
 */
export function BaustellenDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation("quartalskalender");
  const problemMessage = useProblemMessage();
  const queryClient = useQueryClient();
  const baustellen = useQuery(baustellenQuery);
  const [bearbeitet, setBearbeitet] = useState<Baustelle>(LEER);
  const [fehler, setFehler] = useState<Record<string, string>>({});
  const speichern = useMutation({
    mutationFn: (b: Baustelle) => baustelleSpeichern(b),
    onSuccess: () => {
      notifySuccess(t("board.gespeichert"));
      setBearbeitet(LEER);
      setFehler({});
      void queryClient.invalidateQueries({ queryKey: [KALENDER_KEY] });
    },
    onError: (error) => {
      if (isApiError(error)) setFehler(serverFieldErrors(error.fieldErrors));
      notifyFailure(t("board.fehler"), problemMessage(error));
    },
  });
  const feld = (name: "bezeichnung" | "adresse" | "ort") => ({
    value: bearbeitet[name] ?? "",
    onChange: (event: { currentTarget: { value: string } }) =>
      setBearbeitet({ ...bearbeitet, [name]: event.currentTarget.value }),
    error: fehler[name],
  });
  return (
    <Modal opened onClose={onClose} title={t("baustelle.titel")} size="lg">
      <Stack gap="md">
        {baustellen.data && baustellen.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t("baustelle.leer")}
          </Text>
        ) : (
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("baustelle.bezeichnung")}</Table.Th>
                <Table.Th>{t("baustelle.ort")}</Table.Th>
                <Table.Th>{t("baustelle.aktiv")}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(baustellen.data ?? []).map((b) => (
                <Table.Tr key={b.id}>
                  <Table.Td>{b.bezeichnung}</Table.Td>
                  <Table.Td>{b.ort}</Table.Td>
                  <Table.Td>
                    <Checkbox
                      aria-label={`${t("baustelle.aktiv")}: ${b.bezeichnung}`}
                      checked={b.aktiv}
                      onChange={(event) => speichern.mutate({ ...b, aktiv: event.currentTarget.checked })}
                    />
                  </Table.Td>
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      aria-label={`${t("baustelle.titel")}: ${b.bezeichnung}`}
                      onClick={() => setBearbeitet(b)}
                    >
                      <IconPencil size={16} />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <form
          noValidate
          onSubmit={dialogSubmit((event) => {
            event.preventDefault();
            speichern.mutate({
              ...bearbeitet,
              adresse: bearbeitet.adresse || null,
              ort: bearbeitet.ort || null,
            });
          })}
        >
          <Stack gap="xs">
            <Text fw={600} size="sm">
              {bearbeitet.id ? bearbeitet.bezeichnung : t("baustelle.neu")}
            </Text>
            <TextInput
              label={t("baustelle.bezeichnung")}
              withAsterisk
              maxLength={100}
              {...feld("bezeichnung")}
            />
            <Group grow gap="xs">
              <TextInput label={t("baustelle.adresse")} maxLength={200} {...feld("adresse")} />
              <TextInput label={t("baustelle.ort")} maxLength={100} {...feld("ort")} />
            </Group>
            <Group justify="flex-end" gap="sm">
              {bearbeitet.id !== undefined && (
                <Button variant="default" onClick={() => setBearbeitet(LEER)}>
                  {t("baustelle.abbrechen")}
                </Button>
              )}
              <Button type="submit" loading={speichern.isPending}>
                {t("baustelle.speichern")}
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Modal>
  );
}
