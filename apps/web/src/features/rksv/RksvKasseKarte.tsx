import type { TRksvKasse } from "@kontor/domain/rksv/rksv.schema";
import { Alert, Badge, Button, Group, Paper, Select, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDateTime, formatMoney } from "../../components/format/format.ts";
import { NULLBELEG_ZWECKE, type NullbelegZweck, wandzeit } from "./rksv.api.ts";

/** One fact of the card: a label above its value (a description list's pair). */
function Angabe({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text component="dd" size="sm" m={0} style={{ wordBreak: "break-all" }} data-testid={testId}>
        {children}
      </Text>
    </div>
  );
}

export interface KasseAktionen {
  /** Creates a null receipt of the purpose; resolves when done (the card then shows the new state). */
  onNullbeleg: (zweck: NullbelegZweck) => Promise<unknown>;
  onRegistrierung: () => void;
  /** The yearly receipt is checked: the reminder goes. */
  onJahresbelegGeprueft: () => Promise<unknown>;
}

/**
 * A register's state (issue 18): invoice circle, device, ZDA, certificate serial, receipts so far, turnover
 * counter, the last receipt; a red alert while the device fails, a yellow one when a yearly receipt is to be
 * checked. Admins (`aktionen`) create null receipts and see the registration data again.
 */
export function RksvKasseKarte({ kasse, aktionen }: { kasse: TRksvKasse; aktionen?: KasseAktionen }) {
  const { t } = useTranslation("rksv");
  const [zweck, setZweck] = useState<NullbelegZweck>("KONTROLLBELEG");
  const [sendet, setSendet] = useState(false);
  const [bestaetigt, setBestaetigt] = useState(false);
  const titel = t("kasse.titel", { kassenId: kasse.kassenId });
  const letzter = kasse.letzterBeleg;
  const titelId = `rksv-kasse-${kasse.id}`;

  const nullbelegErstellen = async () => {
    if (!aktionen) return;
    setSendet(true);
    try {
      await aktionen.onNullbeleg(zweck);
    } finally {
      setSendet(false);
    }
  };

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={titelId}>
      <Stack gap="sm">
        <Group justify="space-between" align="center" gap="sm">
          <Title order={2} size="h3" id={titelId}>
            {titel}
          </Title>
          {kasse.ausgefallenSeit ? (
            <Badge color="red" variant="filled">
              {t("kasse.ausgefallen")}
            </Badge>
          ) : (
            <Badge color="teal" variant="light">
              {t("kasse.inBetrieb")}
            </Badge>
          )}
        </Group>

        {kasse.ausgefallenSeit && (
          <Alert color="red" variant="light" role="alert" title={t("kasse.ausfallTitel")}>
            {t("kasse.ausfall", { seit: formatDateTime(kasse.ausgefallenSeit) })}
          </Alert>
        )}
        {kasse.jahresbelegZuPruefen && (
          <Alert color="yellow" variant="light" title={t("kasse.jahresbelegTitel")}>
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{t("kasse.jahresbeleg")}</Text>
              {aktionen && (
                <Button
                  size="compact-sm"
                  variant="white"
                  color="dark"
                  loading={bestaetigt}
                  onClick={() => {
                    setBestaetigt(true);
                    void aktionen.onJahresbelegGeprueft().finally(() => setBestaetigt(false));
                  }}
                >
                  {t("kasse.jahresbelegGeprueft")}
                </Button>
              )}
            </Stack>
          </Alert>
        )}

        <SimpleGrid component="dl" cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" verticalSpacing="xs" m={0}>
          <Angabe label={t("kasse.rechnungskreis")}>{kasse.rechnungskreis.rechnungskreisName}</Angabe>
          <Angabe label={t("kasse.einrichtung")}>{t(`einrichtung.${kasse.einrichtungArt}`)}</Angabe>
          <Angabe label={t("kasse.zda")}>{kasse.zda}</Angabe>
          <Angabe label={t("kasse.seriennummer")}>{kasse.zertifikatSeriennummer}</Angabe>
          <Angabe label={t("kasse.belegAnzahl")} testId="rksv-beleg-anzahl">
            {kasse.belegAnzahl}
          </Angabe>
          <Angabe label={t("kasse.umsatzzaehler")} testId="rksv-umsatzzaehler">
            {formatMoney(kasse.umsatzzaehler)}
          </Angabe>
          <div style={{ gridColumn: "span 2" }}>
            <Angabe label={t("kasse.letzterBeleg")} testId="rksv-letzter-beleg">
              {letzter
                ? t("kasse.letzterBelegText", {
                    nr: letzter.nr,
                    belegNummer: letzter.belegNummer,
                    typ: letzter.zweck ? t(`zweck.${letzter.zweck}`) : t(`typ.${letzter.typ}`),
                    zeit: wandzeit(letzter.zeitpunkt),
                  })
                : t("kasse.keinBeleg")}
            </Angabe>
          </div>
        </SimpleGrid>

        {aktionen && (
          <Group
            gap="sm"
            align="flex-end"
            wrap="wrap"
            role="group"
            aria-label={t("kasse.aktionen", { kassenId: kasse.kassenId })}
          >
            <Select
              label={t("nullbeleg.zweck")}
              w={260}
              allowDeselect={false}
              data={NULLBELEG_ZWECKE.map((z) => ({ value: z, label: t(`zweck.${z}`) }))}
              value={zweck}
              onChange={(wert) => wert && setZweck(wert as NullbelegZweck)}
            />
            <Button variant="default" loading={sendet} onClick={() => void nullbelegErstellen()}>
              {t("nullbeleg.erstellen")}
            </Button>
            <Button variant="subtle" onClick={aktionen.onRegistrierung}>
              {t("registrierung.anzeigen")}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
