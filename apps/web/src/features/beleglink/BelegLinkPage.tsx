import type { TOeffentlicherBeleg } from "@kontor/domain/beleg/belegLink.schema";
import { Alert, Box, Button, Center, Group, Loader, Paper, Stack, Text, Title } from "@mantine/core";
import { useParams } from "@tanstack/react-router";
import { Fragment, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../app/api.ts";
import { applyAccountLanguage } from "../../app/i18n.ts";
import { formatDate, formatMoney } from "../../components/format/format.ts";
import { LanguageSwitch } from "../../components/LanguageSwitch.tsx";
import { useProblemMessage } from "../../components/problemMessage.ts";
import { oeffentlicherBeleg, oeffentlichesPdf } from "./belegLink.public.ts";

type Laden =
  | { kind: "pending" }
  | { kind: "done"; beleg: TOeffentlicherBeleg }
  | { kind: "failed"; error: unknown };

/** A token is one path segment; anything else (no segment, several) is no link at all. */
const tokenAus = (splat: string | undefined) => (splat && !splat.includes("/") ? splat : null);

/**
 * /invoicetemplate/{token} (public, SPEC §2; issue 16): a shared document for whoever holds the link — issuer,
 * type and number, date, gross amount, due date, and the PDF in a frame with a download. Without a language chosen
 * on this device the page speaks the document's language. A dead, unknown or malformed link reads the same.
 */
export function BelegLinkPage() {
  const { _splat } = useParams({ strict: false }) as { _splat?: string };
  const token = tokenAus(_splat);
  return <BelegLink key={token ?? ""} token={token} />;
}

function BelegLink({ token }: { token: string | null }) {
  const { t } = useTranslation(["beleg", "common"]);
  const [laden, setLaden] = useState<Laden>(() =>
    token === null ? { kind: "failed", error: null } : { kind: "pending" },
  );

  useEffect(() => {
    if (token === null) return;
    const controller = new AbortController();
    oeffentlicherBeleg(token, controller.signal).then(
      (beleg) => {
        if (controller.signal.aborted) return;
        setLaden({ kind: "done", beleg });
        void applyAccountLanguage(beleg.sprache);
      },
      (error: unknown) => !controller.signal.aborted && setLaden({ kind: "failed", error }),
    );
    return () => controller.abort();
  }, [token]);

  return (
    <Box mih="100vh" bg="gray.0" style={{ display: "flex", flexDirection: "column" }}>
      <Group justify="space-between" p="md">
        <Text fw={700} fz={22} c="petrol.8">
          {t("common:appName")}
        </Text>
        <LanguageSwitch />
      </Group>
      <Box px="md" pb="xl" style={{ flex: 1 }}>
        <Stack maw={960} mx="auto" gap="lg">
          {laden.kind === "pending" && (
            <Center py="xl">
              <Loader aria-label={t("link.oeffentlich.laden")} />
            </Center>
          )}
          {laden.kind === "failed" && <Fehler error={laden.error} />}
          {laden.kind === "done" && token !== null && <Beleg beleg={laden.beleg} token={token} />}
        </Stack>
      </Box>
    </Box>
  );
}

function Fehler({ error }: { error: unknown }) {
  const { t } = useTranslation("beleg");
  const problemMessage = useProblemMessage();
  const status = isApiError(error) ? error.status : error === null ? 404 : 0;
  const message =
    status === 404
      ? t("link.oeffentlich.ungueltig")
      : status === 429
        ? t("link.oeffentlich.zuViele")
        : problemMessage(error);
  return (
    <Paper withBorder shadow="sm" radius="md" p="xl" maw={520} mx="auto" w="100%">
      <Stack gap="md">
        <Title order={1} fz={22}>
          {status === 404 ? t("link.oeffentlich.ungueltigTitel") : t("link.oeffentlich.fehlerTitel")}
        </Title>
        <Alert color="red" variant="light" role="alert">
          {message}
        </Alert>
      </Stack>
    </Paper>
  );
}

function Beleg({ beleg, token }: { beleg: TOeffentlicherBeleg; token: string }) {
  const { t } = useTranslation("beleg");
  const angaben: Array<[string, string, string]> = [
    ["belegDatum", t("link.oeffentlich.belegDatum"), formatDate(beleg.belegDatum)],
    ["betrag", t("link.oeffentlich.betrag"), formatMoney(beleg.summeBrutto)],
    ...(beleg.faelligAm
      ? [["faellig", t("link.oeffentlich.faellig"), formatDate(beleg.faelligAm)] as [string, string, string]]
      : []),
  ];
  return (
    <>
      <Paper withBorder shadow="sm" radius="md" p="xl">
        <Stack gap="md">
          <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
            <div>
              <Title order={1} fz={24}>
                {t(`typ.${beleg.belegsTyp}`)}{" "}
                {/* A number breaks at its hyphens otherwise ("2026-" / "00017" on a phone). */}
                <Box component="span" style={{ whiteSpace: "nowrap" }}>
                  {beleg.belegNummer}
                </Box>
              </Title>
              <Text c="dimmed">{t("link.oeffentlich.von", { mandant: beleg.mandant })}</Text>
            </div>
            <Group gap="sm">
              <Button component="a" href={oeffentlichesPdf(token, true)} download>
                {t("link.oeffentlich.herunterladen")}
              </Button>
              <Button
                component="a"
                href={oeffentlichesPdf(token)}
                target="_blank"
                rel="noopener"
                variant="default"
              >
                {t("link.oeffentlich.oeffnen")}
              </Button>
            </Group>
          </Group>
          {beleg.storniert && (
            <Alert color="red" variant="light" role="status">
              {t("link.oeffentlich.storniert")}
            </Alert>
          )}
          <Box
            component="dl"
            m={0}
            style={{
              display: "grid",
              gridTemplateColumns: "max-content 1fr",
              gap: "var(--mantine-spacing-xs) var(--mantine-spacing-xl)",
            }}
          >
            {angaben.map(([key, label, wert]) => (
              <Fragment key={key}>
                <Text component="dt" c="dimmed">
                  {label}
                </Text>
                <Text component="dd" fw={600} m={0} data-testid={`beleg-${key}`}>
                  {wert}
                </Text>
              </Fragment>
            ))}
          </Box>
        </Stack>
      </Paper>
      <Paper withBorder shadow="sm" radius="md" p={0} style={{ overflow: "hidden" }}>
        <iframe
          src={oeffentlichesPdf(token)}
          title={t("link.oeffentlich.pdf")}
          style={{ display: "block", width: "100%", height: "80vh", border: 0 }}
        />
      </Paper>
    </>
  );
}
