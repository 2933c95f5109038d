import type { TBeleg } from "@kontor/domain/beleg/beleg.schema";
import { zahlungHindernis } from "@kontor/domain/zahlung/zahlung.codes";
import type { TOffenerPosten } from "@kontor/domain/zahlung/zahlung.schema";
import { ActionIcon, Button, Group, Stack, Table, Text, Title, Tooltip } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../app/api.ts";
import { useShellAccess } from "../../app/shell/useShellAccess.ts";
import { useConfirm } from "../../components/dialogs/ConfirmDialog.tsx";
import { notifyFailure, notifySuccess } from "../../components/feedback/notify.ts";
import { formatDate, formatMoney } from "../../components/format/format.ts";
import { IconTrash } from "../../components/icons.tsx";
import { useProblemMessage } from "../../components/problemMessage.ts";
import { belegKeys } from "../beleg/beleg.resource.ts";
import { abschreibungAufheben, postenLaden, zahlungKeys, zuordnungEntfernen } from "./zahlung.api.ts";

const ZahlungDialog = lazy(async () => ({ default: (await import("./ZahlungDialog.tsx")).ZahlungDialog }));
const AbschreibungDialog = lazy(async () => ({
  default: (await import("./AbschreibungDialog.tsx")).AbschreibungDialog,
}));

/**
 * The payments of a finalized invoice in the document editor (issue 17): each payment's day, this document's share,
 * skonto, means and comment, with "remove" (after a confirmation: the payment comes off this document); what is paid
 * and still open; a write-off ("marked paid") with its reason and its undo. An open invoice offers "Zahlung
 * erfassen" and "Als bezahlt markieren". Needs the payments area (module zahlung, ROLE_USER) for the actions.
 */
export function BelegZahlungen({ record }: { record: TBeleg & { id: number } }) {
  const { t } = useTranslation("beleg", { keyPrefix: "zahlung" });
  const problemMessage = useProblemMessage();
  const queryClient = useQueryClient();
  const access = useShellAccess();
  const { confirm, dialog } = useConfirm();
  const [erfassen, setErfassen] = useState<TOffenerPosten | null>(null);
  const [markieren, setMarkieren] = useState(false);
  const [laeuft, setLaeuft] = useState(false);
  const darf = access.can("zahlung");
  const restbetrag = record.restbetrag ?? 0;
  const offen = zahlungHindernis({ ...record, restbetrag }) === null;
  const bezahltSumme = record.zahlungList.reduce((acc, z) => acc + Math.round(z.betrag * 100), 0) / 100;

  /** The document as stored now (its payments, open amount, status) into the editor's cache. */
  const auffrischen = async () => {
    const frisch = await api.get<TBeleg>(`beleg/${record.id}`);
    queryClient.setQueryData(belegKeys.detail(record.id), frisch);
    void queryClient.invalidateQueries({ queryKey: zahlungKeys.all });
    void queryClient.invalidateQueries({ queryKey: belegKeys.lists() });
    void queryClient.invalidateQueries({ queryKey: belegKeys.historie(record.id) });
  };

  const zahlungOeffnen = async () => {
    setLaeuft(true);
    try {
      setErfassen(await postenLaden(record.id));
    } catch (error) {
      notifyFailure(t("beleg.ladenFehler"), problemMessage(error));
    } finally {
      setLaeuft(false);
    }
  };

  const entfernen = async (zahlung: TBeleg["zahlungList"][number]) => {
    const ok = await confirm({
      title: t("beleg.entfernenTitel"),
      message: t("beleg.entfernenText", {
        datum: formatDate(zahlung.zahlungsDatum),
        betrag: formatMoney(zahlung.betrag),
      }),
      confirmLabel: t("beleg.entfernen"),
      danger: true,
    });
    if (!ok) return;
    try {
      await zuordnungEntfernen(zahlung.id, record.id);
      await auffrischen();
      notifySuccess(t("beleg.entfernt"));
    } catch (error) {
      notifyFailure(t("beleg.entfernenFehler"), problemMessage(error));
    }
  };

  const aufheben = async () => {
    const ok = await confirm({
      title: t("abschreibung.aufhebenTitel"),
      message: t("abschreibung.aufhebenText"),
      confirmLabel: t("abschreibung.aufheben"),
    });
    if (!ok) return;
    try {
      await abschreibungAufheben(record.id);
      await auffrischen();
      notifySuccess(t("abschreibung.aufgehoben"));
    } catch (error) {
      notifyFailure(t("beleg.entfernenFehler"), problemMessage(error));
    }
  };

  return (
    <section aria-labelledby="beleg-zahlungen-titel">
      <Stack gap="sm">
        <Group justify="space-between" align="center" wrap="wrap">
          <Title order={3} size="h4" id="beleg-zahlungen-titel">
            {t("beleg.titel")}
          </Title>
          {darf && offen && (
            <Group gap="sm">
              <Button size="xs" onClick={() => void zahlungOeffnen()} loading={laeuft}>
                {t("beleg.erfassen")}
              </Button>
              <Button size="xs" variant="default" onClick={() => setMarkieren(true)}>
                {t("beleg.abschreiben")}
              </Button>
            </Group>
          )}
        </Group>
        {record.zahlungList.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t("beleg.keine")}
          </Text>
        ) : (
          <Table striped withTableBorder aria-label={t("beleg.titel")}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("spalte.zahlungsDatum")}</Table.Th>
                <Table.Th ta="right">{t("spalte.betrag")}</Table.Th>
                <Table.Th ta="right">{t("spalte.skonto")}</Table.Th>
                <Table.Th>{t("spalte.zahlungsart")}</Table.Th>
                <Table.Th>{t("spalte.kommentar")}</Table.Th>
                {darf && <Table.Th w={48} />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {record.zahlungList.map((zahlung) => (
                <Table.Tr key={zahlung.id}>
                  <Table.Td>{formatDate(zahlung.zahlungsDatum)}</Table.Td>
                  <Table.Td ta="right">{formatMoney(zahlung.betrag)}</Table.Td>
                  <Table.Td ta="right">{zahlung.skonto ? formatMoney(zahlung.skonto) : ""}</Table.Td>
                  <Table.Td>{zahlung.zahlungsart ? t(`art.${zahlung.zahlungsart}`) : ""}</Table.Td>
                  <Table.Td>{zahlung.kommentar ?? ""}</Table.Td>
                  {darf && (
                    <Table.Td>
                      <Tooltip
                        label={t("beleg.entfernenLabel", { datum: formatDate(zahlung.zahlungsDatum) })}
                      >
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={t("beleg.entfernenLabel", { datum: formatDate(zahlung.zahlungsDatum) })}
                          onClick={() => void entfernen(zahlung)}
                        >
                          <IconTrash />
                        </ActionIcon>
                      </Tooltip>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {record.abschreibung && (
          <Group gap="sm" justify="space-between" wrap="wrap" data-testid="abschreibung">
            <Text size="sm">
              {t("beleg.abschreibung", {
                datum: formatDate(record.abschreibung.datum),
                betrag: formatMoney(record.abschreibung.betrag),
                grund: record.abschreibung.grund,
              })}
            </Text>
            {darf && (
              <Button size="xs" variant="subtle" onClick={() => void aufheben()}>
                {t("abschreibung.aufheben")}
              </Button>
            )}
          </Group>
        )}
        <Group gap="xl" justify="flex-end" data-testid="zahlung-stand">
          <Text size="sm">
            {t("beleg.bezahlt")}: <strong>{formatMoney(bezahltSumme)}</strong>
          </Text>
          <Text size="sm" c={restbetrag > 0 ? "orange" : restbetrag < 0 ? "blue" : undefined}>
            {t(restbetrag < 0 ? "beleg.guthaben" : "beleg.offen")}:{" "}
            <strong data-testid="restbetrag">{formatMoney(Math.abs(restbetrag))}</strong>
          </Text>
        </Group>
      </Stack>
      {erfassen && (
        <Suspense fallback={null}>
          <ZahlungDialog
            posten={[erfassen]}
            onClose={() => setErfassen(null)}
            onGebucht={(zahlung) => {
              setErfassen(null);
              notifySuccess(t("dialog.erfasst", { betrag: formatMoney(zahlung.betrag) }));
              void auffrischen();
            }}
          />
        </Suspense>
      )}
      {markieren && (
        <Suspense fallback={null}>
          <AbschreibungDialog
            belegId={record.id}
            belegNummer={record.belegNummer ?? null}
            restbetrag={restbetrag}
            onClose={() => setMarkieren(false)}
            onAbgeschrieben={() => {
              setMarkieren(false);
              notifySuccess(t("abschreibung.erfolg"));
              void auffrischen();
            }}
          />
        </Suspense>
      )}
      {dialog}
    </section>
  );
}
