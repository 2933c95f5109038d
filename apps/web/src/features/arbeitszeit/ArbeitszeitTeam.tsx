import type { TAbwesenheit, TTeamZeile } from "@kontor/domain/arbeitszeit/arbeitszeit.schema";
import { dauerText } from "@kontor/domain/arbeitszeit/dauer";
import {
  Alert,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  Stack,
  Table,
  Text,
  Title,
  UnstyledButton,
} from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { notifyFailure, notifySuccess } from "../../components/feedback/notify.ts";
import { formatDate, formatQuantity } from "../../components/format/format.ts";
import { useProblemMessage } from "../../components/problemMessage.ts";
import { MonatSchalter, mitarbeiterName, ReportKnoepfe, STATUS_FARBE } from "./ArbeitszeitTeile.tsx";
import {
  ARBEITSZEIT_KEY,
  abwesenheitEntscheiden,
  antraegeQuery,
  monatVon,
  teamQuery,
} from "./arbeitszeit.api.ts";

const KommentarDialog = lazy(async () => ({
  default: (await import("./KommentarDialog.tsx")).KommentarDialog,
}));

/** Rows sorted by name (German collation), ascending or descending. */
export function teamSortiert(zeilen: readonly TTeamZeile[], richtung: "asc" | "desc"): TTeamZeile[] {
  const collator = new Intl.Collator("de");
  const sortiert = [...zeilen].sort((a, b) => collator.compare(mitarbeiterName(a), mitarbeiterName(b)));
  return richtung === "asc" ? sortiert : sortiert.reverse();
}

/**
 * /zeiterfassung_mitarbeiter (issue 22, admins): every employee's month — target, actual, balance, overtime (red after
 * its deadline), vacation left, status, open requests, flags; a click opens the employee's month. The open requests
 * of the year with approve / refuse; the payroll export of the month (CSV, Excel).
 */
export function ArbeitszeitTeam() {
  const { t } = useTranslation(["arbeitszeit", "crud", "common"]);
  const problemMessage = useProblemMessage();
  const navigate = useNavigate();
  const [monat, setMonat] = useState(monatVon());
  const [richtung, setRichtung] = useState<"asc" | "desc">("asc");
  const team = useQuery(teamQuery(monat));
  const zeilen = teamSortiert(team.data ?? [], richtung);

  const oeffnen = (zeile: TTeamZeile) =>
    void navigate({ to: "/zeiterfassung" as string, search: { userId: zeile.id, monat } as never });

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1}>{t("team.title")}</Title>
        <ReportKnoepfe monat={monat} team />
      </Group>
      <Paper withBorder p="sm" radius="md">
        <MonatSchalter monat={monat} onChange={setMonat} />
      </Paper>
      {team.isError && (
        <Alert color="red" role="alert" title={t("fehler.laden")}>
          {problemMessage(team.error)}
        </Alert>
      )}
      {team.isPending && (
        <Center py="xl">
          <Loader aria-label={t("common:loading")} />
        </Center>
      )}
      {team.data && (
        <Paper withBorder radius="md">
          <Table.ScrollContainer minWidth={900}>
            <Table
              striped
              highlightOnHover
              aria-label={t("team.title")}
              style={{ opacity: team.isFetching ? 0.6 : 1 }}
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th aria-sort={richtung === "asc" ? "ascending" : "descending"}>
                    <UnstyledButton
                      fw={700}
                      fz="sm"
                      onClick={() => setRichtung(richtung === "asc" ? "desc" : "asc")}
                    >
                      {t("team.mitarbeiter")} {richtung === "asc" ? "▲" : "▼"}
                    </UnstyledButton>
                  </Table.Th>
                  <Table.Th ta="right">{t("tag.soll")}</Table.Th>
                  <Table.Th ta="right">{t("tag.ist")}</Table.Th>
                  <Table.Th ta="right">{t("team.saldoMonat")}</Table.Th>
                  <Table.Th ta="right">{t("summe.ueberstunden")}</Table.Th>
                  <Table.Th ta="right">{t("team.resturlaub")}</Table.Th>
                  <Table.Th>{t("team.status")}</Table.Th>
                  <Table.Th ta="right">{t("team.antraege")}</Table.Th>
                  <Table.Th ta="right">{t("team.hinweise")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {zeilen.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={9}>
                      <Text c="dimmed" ta="center" py="md">
                        {t("team.leer")}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                )}
                {zeilen.map((z) => (
                  <Table.Tr
                    key={z.id}
                    style={{ cursor: "pointer" }}
                    onClick={() => oeffnen(z)}
                    data-testid="team-zeile"
                  >
                    <Table.Td>
                      <UnstyledButton
                        fz="sm"
                        fw={500}
                        c="blue.8"
                        onClick={(event) => {
                          event.stopPropagation();
                          oeffnen(z);
                        }}
                      >
                        {mitarbeiterName(z)}
                      </UnstyledButton>
                    </Table.Td>
                    <Table.Td ta="right">{dauerText(z.soll)}</Table.Td>
                    <Table.Td ta="right">{dauerText(z.ist)}</Table.Td>
                    <Table.Td ta="right" c={z.saldoMonat < 0 ? "red.8" : undefined}>
                      {dauerText(z.saldoMonat, true)}
                    </Table.Td>
                    <Table.Td
                      ta="right"
                      c={z.deadlineUeberschritten ? "red.8" : undefined}
                      fw={z.deadlineUeberschritten ? 700 : undefined}
                      title={z.deadlineUeberschritten ? t("team.deadline") : undefined}
                    >
                      {dauerText(z.ueberstunden, true)}
                      {z.deadlineUeberschritten ? " !" : ""}
                    </Table.Td>
                    <Table.Td ta="right">{formatQuantity(z.urlaubRest, 1)}</Table.Td>
                    <Table.Td>
                      <Badge color={STATUS_FARBE[z.status]} variant="light" tt="none">
                        {t(`status.${z.status}`)}
                      </Badge>
                    </Table.Td>
                    <Table.Td ta="right">
                      {z.offeneAntraege > 0 ? (
                        <Badge color="blue" variant="filled">
                          {z.offeneAntraege}
                        </Badge>
                      ) : (
                        "–"
                      )}
                    </Table.Td>
                    <Table.Td ta="right">
                      {z.hinweise > 0 ? (
                        <Badge color="orange" variant="light">
                          {z.hinweise}
                        </Badge>
                      ) : (
                        "–"
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
      <OffeneAntraege
        jahr={Number(monat.slice(0, 4))}
        namen={new Map(zeilen.map((z) => [z.id, mitarbeiterName(z)]))}
      />
    </Stack>
  );
}

/** The requests of a year waiting for a decision, with approve / refuse (a comment). */
function OffeneAntraege({ jahr, namen }: { jahr: number; namen: ReadonlyMap<number, string> }) {
  const { t } = useTranslation(["arbeitszeit", "crud", "common"]);
  const problemMessage = useProblemMessage();
  const queryClient = useQueryClient();
  const antraege = useQuery(antraegeQuery(jahr));
  const [ablehnen, setAblehnen] = useState<TAbwesenheit | null>(null);
  const entscheiden = useMutation({
    mutationFn: ({ id, ja, kommentar }: { id: number; ja: boolean; kommentar?: string }) =>
      abwesenheitEntscheiden(id, ja, kommentar),
    onSuccess: (_, { ja }) => {
      notifySuccess(ja ? t("antrag.genehmigt") : t("antrag.abgelehnt"));
      void queryClient.invalidateQueries({ queryKey: [ARBEITSZEIT_KEY] });
    },
    onError: (error) => {
      notifyFailure(t("aktion.fehler"), problemMessage(error));
      void queryClient.invalidateQueries({ queryKey: [ARBEITSZEIT_KEY] });
    },
  });
  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-label={t("antrag.titel")}>
      <Text fw={600} mb="xs">
        {t("antrag.titel")} {jahr}
      </Text>
      {antraege.isError && (
        <Alert color="red" role="alert">
          {problemMessage(antraege.error)}
        </Alert>
      )}
      {antraege.data?.length === 0 && <Text c="dimmed">{t("antrag.keine")}</Text>}
      <Stack gap="xs">
        {antraege.data?.map((a) => (
          <Group key={a.id} justify="space-between" gap="xs" wrap="wrap" data-testid="antrag">
            <Text size="sm">
              <b>{namen.get(a.userId) ?? `#${a.userId}`}</b> · {t(`art.${a.art}`)} · {formatDate(a.von)}
              {a.bis !== a.von ? `–${formatDate(a.bis)}` : ""}
              {a.halbtag ? ` (${t("tag.halberTag")})` : ""} ·{" "}
              {t("summe.tage", { count: a.tage, anzahl: formatQuantity(a.tage, 1) })}
              {a.kommentar ? ` — ${a.kommentar}` : ""}
            </Text>
            <Group gap="xs">
              <Button
                size="compact-sm"
                color="teal"
                loading={
                  entscheiden.isPending && entscheiden.variables?.id === a.id && entscheiden.variables.ja
                }
                onClick={() => entscheiden.mutate({ id: a.id, ja: true })}
              >
                {t("antrag.genehmigen")}
              </Button>
              <Button size="compact-sm" variant="default" onClick={() => setAblehnen(a)}>
                {t("antrag.ablehnen")}
              </Button>
            </Group>
          </Group>
        ))}
      </Stack>
      {ablehnen && (
        <Suspense fallback={null}>
          <KommentarDialog
            titel={t("antrag.ablehnenTitel")}
            bestaetigen={t("antrag.ablehnen")}
            farbe="red"
            onClose={() => setAblehnen(null)}
            onBestaetigt={async (kommentar) => {
              await entscheiden.mutateAsync({ id: ablehnen.id, ja: false, kommentar });
            }}
          />
        </Suspense>
      )}
    </Paper>
  );
}
