import { FEIERTAG_REGIONEN, type TFeiertagRegion } from "@kontor/domain/arbeitszeit/arbeitszeit.codes";
import type {
  TArbeitszeitBetrieb,
  TFeiertag,
  TMitarbeiter,
} from "@kontor/domain/arbeitszeit/arbeitszeit.schema";
import { todayIso } from "@kontor/domain/date/calendar";
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  Radio,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  Title,
} from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useConfirm } from "../../components/dialogs/ConfirmDialog.tsx";
import { notifyFailure, notifySuccess } from "../../components/feedback/notify.ts";
import { formatDate, formatQuantity } from "../../components/format/format.ts";
import { IconPencil, IconPlus, IconTrash } from "../../components/icons.tsx";
import { useProblemMessage } from "../../components/problemMessage.ts";
import { mitarbeiterName, SymbolKnopf } from "./ArbeitszeitTeile.tsx";
import {
  ARBEITSZEIT_KEY,
  arbeitszeitKeys,
  betriebQuery,
  betriebSpeichern,
  feiertageImportieren,
  feiertageQuery,
  feiertagLoeschen,
  mitarbeiterQuery,
} from "./arbeitszeit.api.ts";

const MitarbeiterDialog = lazy(async () => ({
  default: (await import("./MitarbeiterDialog.tsx")).MitarbeiterDialog,
}));
const FeiertagDialog = lazy(async () => ({
  default: (await import("./FeiertagDialog.tsx")).FeiertagDialog,
}));

/**
 * /zem_settings_list (issue 22, admins): the tenant's working-time rules (region, breaks, approval, time off,
 * vacation requests), every employee's settings (weekly hours, part time, entry, vacation, overtime carried), and the
 * holidays of a year (statutory ones imported for the region, company holidays added by hand).
 */
export function ArbeitszeitEinstellungen() {
  const { t } = useTranslation(["arbeitszeit", "crud", "common"]);
  const problemMessage = useProblemMessage();
  const mitarbeiter = useQuery(mitarbeiterQuery);
  const betrieb = useQuery(betriebQuery);
  const [bearbeiten, setBearbeiten] = useState<TMitarbeiter | null>(null);
  const queryClient = useQueryClient();

  return (
    <Stack gap="md">
      <Title order={1}>{t("einstellungen.title")}</Title>
      {betrieb.isError && (
        <Alert color="red" role="alert" title={t("fehler.laden")}>
          {problemMessage(betrieb.error)}
        </Alert>
      )}
      {betrieb.data ? (
        <BetriebKarte betrieb={betrieb.data} />
      ) : (
        betrieb.isPending && (
          <Center py="md">
            <Loader aria-label={t("common:loading")} />
          </Center>
        )
      )}

      <Paper withBorder radius="md" p="sm" component="section" aria-label={t("einstellungen.mitarbeiter")}>
        <Text fw={600} mb="xs">
          {t("einstellungen.mitarbeiter")}
        </Text>
        {mitarbeiter.isError && (
          <Alert color="red" role="alert">
            {problemMessage(mitarbeiter.error)}
          </Alert>
        )}
        {mitarbeiter.isPending && (
          <Center py="md">
            <Loader aria-label={t("common:loading")} />
          </Center>
        )}
        {mitarbeiter.data && (
          <MitarbeiterTabelle mitarbeiter={mitarbeiter.data} onBearbeiten={setBearbeiten} />
        )}
      </Paper>

      <FeiertagKarte region={betrieb.data?.region ?? "AT"} />

      {bearbeiten && (
        <Suspense fallback={null}>
          <MitarbeiterDialog
            mitarbeiter={bearbeiten}
            onClose={() => setBearbeiten(null)}
            onGespeichert={() => void queryClient.invalidateQueries({ queryKey: [ARBEITSZEIT_KEY] })}
          />
        </Suspense>
      )}
    </Stack>
  );
}

function MitarbeiterTabelle({
  mitarbeiter,
  onBearbeiten,
}: {
  mitarbeiter: readonly TMitarbeiter[];
  onBearbeiten: (m: TMitarbeiter) => void;
}) {
  const { t } = useTranslation("arbeitszeit");
  const collator = new Intl.Collator("de");
  const zeilen = [...mitarbeiter].sort((a, b) => collator.compare(mitarbeiterName(a), mitarbeiterName(b)));
  if (zeilen.length === 0) return <Text c="dimmed">{t("einstellungen.keineMitarbeiter")}</Text>;
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped aria-label={t("einstellungen.mitarbeiter")}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("team.mitarbeiter")}</Table.Th>
            <Table.Th ta="right">{t("feld.workhours")}</Table.Th>
            <Table.Th>{t("feld.part_time")}</Table.Th>
            <Table.Th>{t("feld.eintrittsdatum")}</Table.Th>
            <Table.Th ta="right">{t("feld.urlaubsanspruchjahr")}</Table.Th>
            <Table.Th ta="right">{t("feld.uberstunden_aktuell")}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {zeilen.map((m) => {
            const d = m.zeiterfassungUserData;
            return (
              <Table.Tr key={m.id} data-testid="einstellung-zeile">
                <Table.Td>
                  {mitarbeiterName(m)}
                  {m.admin && (
                    <Badge ml={6} size="xs" variant="light" tt="none">
                      {t("einstellungen.admin")}
                    </Badge>
                  )}
                </Table.Td>
                {d ? (
                  <>
                    <Table.Td ta="right">{formatQuantity(d.workhours, 2)}</Table.Td>
                    <Table.Td>{d.part_time ? t("einstellungen.ja") : t("einstellungen.nein")}</Table.Td>
                    <Table.Td>{d.eintrittsdatum ? formatDate(d.eintrittsdatum) : "–"}</Table.Td>
                    <Table.Td ta="right">{formatQuantity(d.urlaubsanspruchjahr, 1)}</Table.Td>
                    <Table.Td ta="right">{formatQuantity(d.uberstunden_aktuell, 2)}</Table.Td>
                  </>
                ) : (
                  <Table.Td colSpan={5}>
                    <Text size="sm" c="orange.8">
                      {t("einstellungen.keineDaten")}
                    </Text>
                  </Table.Td>
                )}
                <Table.Td>
                  <SymbolKnopf
                    label={t("einstellungen.bearbeiten", { name: mitarbeiterName(m) })}
                    onClick={() => onBearbeiten(m)}
                  >
                    <IconPencil />
                  </SymbolKnopf>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The tenant's rules, each with a line that says what it does; saved with one button. */
function BetriebKarte({ betrieb }: { betrieb: TArbeitszeitBetrieb }) {
  const { t } = useTranslation(["arbeitszeit", "crud", "common"]);
  const problemMessage = useProblemMessage();
  const queryClient = useQueryClient();
  const [werte, setWerte] = useState(betrieb);
  useEffect(() => setWerte(betrieb), [betrieb]);
  const geaendert = JSON.stringify(werte) !== JSON.stringify(betrieb);
  const speichern = useMutation({
    mutationFn: () => betriebSpeichern(werte),
    onSuccess: (neu) => {
      queryClient.setQueryData(arbeitszeitKeys.betrieb, neu);
      void queryClient.invalidateQueries({ queryKey: [ARBEITSZEIT_KEY] });
      notifySuccess(t("crud:toast.saved"));
    },
    onError: (error) => notifyFailure(t("crud:toast.saveFailed"), problemMessage(error)),
  });
  const schalter = (feld: "confirmTimes" | "zeitausgleich" | "vacationMode") => (
    <Switch
      label={t(`betrieb.${feld}`)}
      description={t(`betrieb.${feld}Text`)}
      checked={werte[feld]}
      onChange={(event) => setWerte({ ...werte, [feld]: event.currentTarget.checked })}
    />
  );
  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-label={t("betrieb.titel")}>
      <Text fw={600} mb="xs">
        {t("betrieb.titel")}
      </Text>
      <Stack gap="md">
        <Select
          label={t("betrieb.region")}
          description={t("betrieb.regionText")}
          maw={360}
          allowDeselect={false}
          searchable
          data={FEIERTAG_REGIONEN.map((region) => ({ value: region, label: t(`region.${region}`) }))}
          value={werte.region}
          onChange={(region) => region && setWerte({ ...werte, region: region as TFeiertagRegion })}
        />
        <Radio.Group
          label={t("betrieb.pausenAbzug")}
          description={t("betrieb.pausenAbzugText")}
          value={werte.pausenAbzug ? "abziehen" : "markieren"}
          onChange={(wert) => setWerte({ ...werte, pausenAbzug: wert === "abziehen" })}
        >
          <Stack gap={6} mt={6}>
            <Radio value="abziehen" label={t("betrieb.abziehen")} />
            <Radio value="markieren" label={t("betrieb.markieren")} />
          </Stack>
        </Radio.Group>
        {schalter("confirmTimes")}
        {schalter("zeitausgleich")}
        {schalter("vacationMode")}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" disabled={!geaendert} onClick={() => setWerte(betrieb)}>
            {t("crud:action.reset")}
          </Button>
          <Button disabled={!geaendert} loading={speichern.isPending} onClick={() => speichern.mutate()}>
            {t("crud:action.save")}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** The holidays of a year: list, import of the statutory ones of the region, company holidays, delete. */
function FeiertagKarte({ region }: { region: TFeiertagRegion }) {
  const { t } = useTranslation(["arbeitszeit", "crud", "common"]);
  const problemMessage = useProblemMessage();
  const queryClient = useQueryClient();
  const { confirm, dialog } = useConfirm();
  const [jahr, setJahr] = useState(Number(todayIso().slice(0, 4)));
  const [neu, setNeu] = useState(false);
  const feiertage = useQuery(feiertageQuery(jahr));
  const neuLaden = () => queryClient.invalidateQueries({ queryKey: [ARBEITSZEIT_KEY] });
  const importieren = useMutation({
    mutationFn: () => feiertageImportieren(jahr, region),
    onSuccess: (liste) => {
      queryClient.setQueryData(arbeitszeitKeys.feiertage(jahr), liste);
      void neuLaden();
      notifySuccess(t("feiertag.importiert", { jahr }));
    },
    onError: (error) => notifyFailure(t("feiertag.importFehler"), problemMessage(error)),
  });
  const loeschen = async (f: TFeiertag) => {
    const ok = await confirm({
      title: t("feiertag.loeschenTitel"),
      message: t("feiertag.loeschenFrage", { name: f.bezeichnung, datum: formatDate(f.datum) }),
      confirmLabel: t("aktion.loeschen"),
      danger: true,
    });
    if (!ok) return;
    try {
      await feiertagLoeschen(f.id);
      notifySuccess(t("crud:toast.deleted"));
    } catch (error) {
      notifyFailure(t("crud:toast.deleteFailed"), problemMessage(error));
    }
    void neuLaden();
  };
  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-label={t("feiertag.titel")}>
      <Group justify="space-between" gap="sm" mb="xs" wrap="wrap">
        <Group gap={4}>
          <Text fw={600} mr="xs">
            {t("feiertag.titel")}
          </Text>
          <ActionIcon
            variant="default"
            aria-label={t("feiertag.jahrVorher")}
            onClick={() => setJahr(jahr - 1)}
          >
            ‹
          </ActionIcon>
          <Text fw={600} w={48} ta="center" data-testid="feiertag-jahr">
            {jahr}
          </Text>
          <ActionIcon
            variant="default"
            aria-label={t("feiertag.jahrNachher")}
            onClick={() => setJahr(jahr + 1)}
          >
            ›
          </ActionIcon>
        </Group>
        <Group gap="xs">
          <Button variant="default" loading={importieren.isPending} onClick={() => importieren.mutate()}>
            {t("feiertag.importieren", { region: t(`region.${region}`) })}
          </Button>
          <Button leftSection={<IconPlus />} onClick={() => setNeu(true)}>
            {t("feiertag.neu")}
          </Button>
        </Group>
      </Group>
      {feiertage.isError && (
        <Alert color="red" role="alert">
          {problemMessage(feiertage.error)}
        </Alert>
      )}
      {feiertage.data?.length === 0 && <Text c="dimmed">{t("feiertag.keine", { jahr })}</Text>}
      {feiertage.data && feiertage.data.length > 0 && (
        <Table.ScrollContainer minWidth={480}>
          <Table striped aria-label={t("feiertag.titel")}>
            <Table.Tbody>
              {feiertage.data.map((f) => (
                <Table.Tr key={f.id}>
                  <Table.Td w={110}>{formatDate(f.datum)}</Table.Td>
                  <Table.Td>{f.bezeichnung}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={f.art === "gesetzlich" ? "blue" : "grape"} tt="none">
                      {t(`feiertag.art.${f.art}`)}
                    </Badge>
                    {f.halbtag && (
                      <Badge ml={4} variant="outline" color="gray" tt="none">
                        {t("tag.halberTag")}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td w={48}>
                    <SymbolKnopf
                      label={t("feiertag.loeschen", { name: f.bezeichnung })}
                      color="red"
                      onClick={() => void loeschen(f)}
                    >
                      <IconTrash />
                    </SymbolKnopf>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {dialog}
      {neu && (
        <Suspense fallback={null}>
          <FeiertagDialog jahr={jahr} onClose={() => setNeu(false)} onGespeichert={() => void neuLaden()} />
        </Suspense>
      )}
    </Paper>
  );
}
