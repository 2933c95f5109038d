import type { TRksvKasse, TRksvStartAntwort } from "@kontor/domain/rksv/rksv.schema";
import {
  Alert,
  Anchor,
  Button,
  Center,
  Group,
  Loader,
  Modal,
  Paper,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { useShellAccess } from "../../app/shell/useShellAccess.ts";
import { useConfirm } from "../../components/dialogs/ConfirmDialog.tsx";
import { notifyFailure, notifySuccess } from "../../components/feedback/notify.ts";
import { useProblemMessage } from "../../components/problemMessage.ts";
import { RksvExport } from "./RksvExport.tsx";
import { RksvKasseKarte } from "./RksvKasseKarte.tsx";
import { RksvRegistrierung } from "./RksvRegistrierung.tsx";
import {
  jahresbelegGeprueft,
  kassenQuery,
  type NullbelegZweck,
  nullbeleg,
  registrierungQuery,
  rksvKeys,
} from "./rksv.api.ts";

/* The start form loads only while there is no register yet (once per tenant, for admins). */
const RksvStartForm = lazy(async () => ({ default: (await import("./RksvStartForm.tsx")).RksvStartForm }));

/** What RKSV is, that the invoice circle needs it on, and where to switch it on. */
function Einfuehrung({ admin }: { admin: boolean }) {
  const { t } = useTranslation("rksv");
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="rksv-intro-titel">
      <Stack gap="xs">
        <Title order={2} size="h3" id="rksv-intro-titel">
          {t("intro.titel")}
        </Title>
        <Text size="sm">{t("intro.was")}</Text>
        <Text size="sm">
          {t("intro.kreis")}{" "}
          <Anchor component={Link} to="/rechnungskreise_list/" size="sm">
            {t("intro.kreisLink")}
          </Anchor>
        </Text>
        {!admin && (
          <Text size="sm" c="dimmed">
            {t("intro.keinAdmin")}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/** The registration data of a running register, fetched again (admins). */
function RegistrierungDialog({ kasse, onClose }: { kasse: TRksvKasse; onClose: () => void }) {
  const { t } = useTranslation("rksv");
  const problemMessage = useProblemMessage();
  const daten = useQuery(registrierungQuery(kasse.id));
  return (
    <Modal
      opened
      onClose={onClose}
      title={t("registrierung.titelKasse", { kassenId: kasse.kassenId })}
      size="xl"
    >
      <Stack gap="sm">
        {daten.isPending && (
          <Center p="lg">
            <Loader size="sm" />
          </Center>
        )}
        {daten.isError && (
          <Alert color="red" role="alert">
            {problemMessage(daten.error)}
          </Alert>
        )}
        {daten.data && <RksvRegistrierung daten={daten.data} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t("registrierung.schliessen")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * /rksv (SPEC §2, issue 18): the tenant's cash registers under the Austrian RKSV. Without one: what RKSV is and, for
 * admins, the start receipt (then the FinanzOnline registration data). With one: a status card per register (admins:
 * null receipts, registration data again), the exports (DEP, journal CSV, container) and the receipt journal.
 */
export function RksvScreen() {
  const { t } = useTranslation(["rksv", "errors", "crud"]);
  const access = useShellAccess();
  const admin = access.can("rksvAdmin");
  const problemMessage = useProblemMessage();
  const queryClient = useQueryClient();
  const { confirm, dialog } = useConfirm();
  const kassen = useQuery(kassenQuery);
  const [gestartet, setGestartet] = useState<TRksvStartAntwort | null>(null);
  const [registrierungFuer, setRegistrierungFuer] = useState<TRksvKasse | null>(null);

  const neuerZustand = (kasse: TRksvKasse) => {
    queryClient.setQueryData<TRksvKasse[]>(rksvKeys.kassen, (vorher) => [
      ...(vorher ?? []).filter((k) => k.id !== kasse.id),
      kasse,
    ]);
    void queryClient.invalidateQueries({ queryKey: rksvKeys.all });
  };

  const nullbelegErstellen = async (kasse: TRksvKasse, zweck: NullbelegZweck) => {
    if (
      zweck === "SCHLUSSBELEG" &&
      !(await confirm({
        title: t("nullbeleg.schlussTitel"),
        message: t("nullbeleg.schlussText"),
        confirmLabel: t("nullbeleg.schlussBestaetigen"),
        danger: true,
      }))
    )
      return;
    try {
      neuerZustand(await nullbeleg(kasse.id, zweck));
      notifySuccess(t("nullbeleg.erstellt", { zweck: t(`zweck.${zweck}`) }));
    } catch (error) {
      notifyFailure(t("nullbeleg.fehler"), problemMessage(error));
    }
  };

  const jahresbelegBestaetigen = async (kasse: TRksvKasse) => {
    try {
      neuerZustand(await jahresbelegGeprueft(kasse.id));
    } catch (error) {
      notifyFailure(t("crud:toast.saveFailed"), problemMessage(error));
    }
  };

  const liste = [...(kassen.data ?? [])].sort((a, b) => a.id - b.id);

  return (
    <Stack gap="md">
      <Title order={1}>{t("title")}</Title>

      {kassen.isPending && (
        <Center p="xl">
          <Loader aria-label={t("laden")} />
        </Center>
      )}
      {kassen.isError && (
        <Alert color="red" role="alert" title={t("ladenFehler")}>
          {problemMessage(kassen.error)}
        </Alert>
      )}

      {gestartet && (
        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="rksv-registrierung-titel">
          <Stack gap="sm">
            <Group justify="space-between" align="center">
              <Title order={2} size="h3" id="rksv-registrierung-titel">
                {t("registrierung.titel")}
              </Title>
              <Button variant="subtle" size="compact-sm" onClick={() => setGestartet(null)}>
                {t("registrierung.ausblenden")}
              </Button>
            </Group>
            <RksvRegistrierung daten={gestartet.registrierung} />
          </Stack>
        </Paper>
      )}

      {kassen.isSuccess && liste.length === 0 && (
        <>
          <Einfuehrung admin={admin} />
          {admin && (
            <Suspense
              fallback={
                <Center p="md">
                  <Loader size="sm" />
                </Center>
              }
            >
              <RksvStartForm
                onGestartet={(antwort) => {
                  setGestartet(antwort);
                  neuerZustand(antwort.kasse);
                }}
              />
            </Suspense>
          )}
        </>
      )}

      {liste.map((kasse) => (
        <RksvKasseKarte
          key={kasse.id}
          kasse={kasse}
          aktionen={
            admin
              ? {
                  onNullbeleg: (zweck) => nullbelegErstellen(kasse, zweck),
                  onRegistrierung: () => setRegistrierungFuer(kasse),
                  onJahresbelegGeprueft: () => jahresbelegBestaetigen(kasse),
                }
              : undefined
          }
        />
      ))}

      {liste.length > 0 && <RksvExport kassen={liste} admin={admin} />}

      {registrierungFuer && (
        <RegistrierungDialog kasse={registrierungFuer} onClose={() => setRegistrierungFuer(null)} />
      )}
      {dialog}
    </Stack>
  );
}
