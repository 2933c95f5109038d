import "mantine-datatable/styles.css";
import type { TQuartalskalender } from "@kontor/domain/quartalskalender/quartalskalender.schema";
import { ActionIcon, Alert, Anchor, Button, Group, Stack, Text, Title, Tooltip } from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { DataTable, type DataTableColumn } from "mantine-datatable";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useShellAccess } from "../../app/shell/useShellAccess.ts";
import { useConfirm } from "../../components/dialogs/ConfirmDialog.tsx";
import { notifyFailure, notifySuccess } from "../../components/feedback/notify.ts";
import { IconPlus, IconTrash } from "../../components/icons.tsx";
import { pageCount } from "../../components/list/listValues.ts";
import { PaginationBar } from "../../components/list/PaginationBar.tsx";
import { useProblemMessage } from "../../components/problemMessage.ts";
import { BaustellenDialog } from "./BaustellenDialog.tsx";
import {
  boardPath,
  CREATE_PATH,
  KALENDER_KEY,
  kalenderKopieren,
  kalenderLoeschen,
  LISTE_SIZE,
  listeQuery,
  naechstesQuartal,
} from "./quartalskalender.api.ts";

/**
 * /quartalskalender_list (issue 23): the tenant's quarter calendars, newest quarter first — open one, copy it into
 * the next quarter (its recurring entries shifted by whole weeks), delete it; "Neues Quartal" opens
 * /quartalskalender_create; planners keep the construction sites here too. Read-only users only open.
 */
export function QuartalskalenderList() {
  const { t } = useTranslation(["quartalskalender", "crud"]);
  const schreiben = useShellAccess().can("kalenderWrite");
  const problemMessage = useProblemMessage();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { confirm, dialog } = useConfirm();
  const [page, setPage] = useState(1);
  const [baustellen, setBaustellen] = useState(false);
  const liste = useQuery(listeQuery(page - 1));
  const total = { totalCount: liste.data?.totalCount ?? null, totalCapped: liste.data?.totalCapped ?? false };
  const pages = pageCount(total, LISTE_SIZE, page, liste.data?.items.length);
  const neuLaden = () => queryClient.invalidateQueries({ queryKey: [KALENDER_KEY] });

  const kopieren = useMutation({
    mutationFn: (k: TQuartalskalender) => kalenderKopieren(k.id, naechstesQuartal(k)),
    onSuccess: (neu) => {
      notifySuccess(t("board.gespeichert"));
      void neuLaden();
      void navigate({ to: boardPath(neu.id) });
    },
    onError: (error) => notifyFailure(t("board.fehler"), problemMessage(error)),
  });
  const loeschen = useMutation({
    mutationFn: (id: number) => kalenderLoeschen(id),
    onSuccess: () => {
      notifySuccess(t("eintrag.geloescht"));
      void neuLaden();
    },
    onError: (error) => notifyFailure(t("board.fehler"), problemMessage(error)),
  });

  const columns: DataTableColumn<TQuartalskalender>[] = [
    {
      accessor: "quartal",
      title: t("liste.quartal"),
      width: 170,
      render: (k) => (
        <Anchor component={Link} to={boardPath(k.id)} fw={600} style={{ whiteSpace: "nowrap" }}>
          {t("quartalText", { quartal: k.quartal, jahr: k.jahr })}
        </Anchor>
      ),
    },
    { accessor: "bezeichnung", title: t("liste.bezeichnung") },
    { accessor: "zeilenArt", title: t("liste.zeilenArt"), render: (k) => t(`zeilenArten.${k.zeilenArt}`) },
    { accessor: "anzahlEintraege", title: t("liste.eintraege"), textAlign: "right", width: 90 },
    {
      accessor: "aktionen",
      title: "",
      width: 270,
      hidden: !schreiben,
      render: (k) => {
        const ziel = naechstesQuartal(k);
        return (
          <Group gap={4} justify="flex-end" wrap="nowrap">
            <Button
              size="compact-sm"
              variant="light"
              style={{ flex: "none" }}
              title={t("liste.kopieren")}
              loading={kopieren.isPending && kopieren.variables?.id === k.id}
              onClick={() => kopieren.mutate(k)}
            >
              {t("liste.kopierenNach", { ziel: t("quartalKurz", ziel) })}
            </Button>
            <Tooltip label={t("liste.loeschen")}>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`${t("liste.loeschen")}: ${k.bezeichnung}`}
                onClick={async () => {
                  if (
                    await confirm({
                      title: t("liste.loeschen"),
                      message: t("liste.loeschenFrage", { name: k.bezeichnung }),
                      confirmLabel: t("liste.loeschen"),
                      danger: true,
                    })
                  )
                    loeschen.mutate(k.id);
                }}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
        );
      },
    },
  ];

  return (
    <Stack gap="md" p={{ base: "xs", sm: "md" }}>
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t("titel")}
        </Title>
        {schreiben && (
          <Group gap="xs">
            <Button variant="default" onClick={() => setBaustellen(true)}>
              {t("liste.baustellen")}
            </Button>
            <Button component={Link} to={CREATE_PATH} leftSection={<IconPlus size={16} />}>
              {t("liste.neu")}
            </Button>
          </Group>
        )}
      </Group>
      {liste.isError ? (
        <Alert color="red" role="alert">
          {problemMessage(liste.error)}
        </Alert>
      ) : (
        <DataTable
          withTableBorder
          borderRadius="md"
          minHeight={liste.data?.items.length ? undefined : 160}
          records={liste.data?.items ?? []}
          columns={columns}
          fetching={liste.isFetching}
          noRecordsText={t("liste.leer")}
          idAccessor="id"
        />
      )}
      {pages > 1 && (
        <PaginationBar
          page={page}
          pages={pages}
          totalCount={total.totalCount}
          totalCapped={total.totalCapped}
          onChange={setPage}
        />
      )}
      {liste.data && liste.data.items.length === 0 && schreiben && (
        <Text size="sm" c="dimmed">
          <Anchor component={Link} to={CREATE_PATH}>
            {t("liste.neu")}
          </Anchor>
        </Text>
      )}
      {baustellen && <BaustellenDialog onClose={() => setBaustellen(false)} />}
      {dialog}
    </Stack>
  );
}
