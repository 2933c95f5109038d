import type { TBelegLink, TBelegLinkNeu } from "@kontor/domain/beleg/belegLink.schema";
import { todayIso } from "@kontor/domain/date/calendar";
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  CopyButton,
  Group,
  Loader,
  Modal,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
} from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../app/api.ts";
import { useConfirm } from "../../components/dialogs/ConfirmDialog.tsx";
import { notifyFailure, notifySuccess } from "../../components/feedback/notify.ts";
import { DateInput } from "../../components/form/DateInput.tsx";
import { fieldErrorMessage } from "../../components/form/fieldErrors.ts";
import { formatDate, formatDateTime } from "../../components/format/format.ts";
import { useProblemMessage } from "../../components/problemMessage.ts";
import { belegLinkKeys, belegLinksQuery, linkErstellen, linkWiderrufen } from "./belegLink.api.ts";

const STATUS_FARBE: Readonly<Record<TBelegLink["status"], string>> = {
  aktiv: "green",
  abgelaufen: "gray",
  widerrufen: "red",
};

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The last day a link may be given: empty (no limit) or a calendar date from today on; else why not. */
export function gueltigBisFehler(value: string, heute: string): "format" | "vergangen" | null {
  if (value === "") return null;
  if (!ISO_DATE.test(value)) return "format";
  return value < heute ? "vergangen" : null;
}

/**
 * "Link teilen" of a finalized document (issue 16): make a public link (optionally until a day), copy its address —
 * shown this once, the server keeps only its hash —, and the links so far with their views, each revocable.
 */
export function BelegLinkDialog({ belegId, onClose }: { belegId: number; onClose: () => void }) {
  const { t } = useTranslation("beleg");
  const problemMessage = useProblemMessage();
  const queryClient = useQueryClient();
  const { confirm, dialog } = useConfirm();
  // Views change outside this app (the public page): every opening asks again.
  const links = useQuery({ ...belegLinksQuery(belegId), refetchOnMount: "always" });
  const [gueltigBis, setGueltigBis] = useState("");
  const [fehler, setFehler] = useState<string | null>(null);
  const [neu, setNeu] = useState<TBelegLinkNeu | null>(null);
  const [laeuft, setLaeuft] = useState<"erstellen" | number | null>(null);

  const neuLaden = () => queryClient.invalidateQueries({ queryKey: belegLinkKeys.links(belegId) });

  const erstellen = async (event: FormEvent) => {
    event.preventDefault();
    const problem = gueltigBisFehler(gueltigBis, todayIso());
    if (problem) {
      setFehler(t("link.gueltigBisFalsch"));
      return;
    }
    setFehler(null);
    setLaeuft("erstellen");
    try {
      setNeu(await linkErstellen(belegId, gueltigBis === "" ? {} : { gueltigBis }));
      setGueltigBis("");
      void neuLaden();
    } catch (error) {
      const feld = isApiError(error) ? error.fieldErrors.find((f) => f.field === "gueltigBis") : undefined;
      if (feld)
        setFehler(feld.code === "invalid" ? t("link.gueltigBisFalsch") : fieldErrorMessage(feld.code, feld));
      notifyFailure(t("link.erstellenFehler"), problemMessage(error));
    } finally {
      setLaeuft(null);
    }
  };

  const widerrufen = async (link: TBelegLink) => {
    const ok = await confirm({
      title: t("link.widerrufenTitel"),
      message: t("link.widerrufenText"),
      confirmLabel: t("link.widerrufenOk"),
      danger: true,
    });
    if (!ok) return;
    setLaeuft(link.id);
    try {
      await linkWiderrufen(belegId, link.id);
      if (neu?.id === link.id) setNeu(null);
      notifySuccess(t("link.widerrufenOk"));
      await neuLaden();
    } catch (error) {
      notifyFailure(t("link.widerrufenFehler"), problemMessage(error));
    } finally {
      setLaeuft(null);
    }
  };

  return (
    <Modal opened onClose={onClose} title={t("link.titel")} size="xl">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t("link.hinweis")}
        </Text>
        <form noValidate onSubmit={erstellen}>
          <Group align="flex-start" gap="sm">
            <DateInput
              label={t("link.gueltigBis")}
              description={t("link.gueltigBisHinweis")}
              value={gueltigBis}
              onChange={(value) => {
                setGueltigBis(value);
                setFehler(null);
              }}
              error={fehler}
              inputWrapperOrder={["label", "input", "description", "error"]}
              w={300}
            />
            {/* Level with the input: below the label (one line of the label's size). */}
            <Button
              type="submit"
              style={{ marginTop: "calc(var(--mantine-font-size-sm) * var(--mantine-line-height))" }}
              loading={laeuft === "erstellen"}
            >
              {t("link.erstellen")}
            </Button>
          </Group>
        </form>
        {neu && (
          <Alert color="green" variant="light" title={t("link.erstellt")}>
            <Group gap="xs" wrap="nowrap" align="flex-end">
              <TextInput
                label={t("link.url")}
                value={neu.url}
                readOnly
                onFocus={(event) => event.currentTarget.select()}
                style={{ flex: 1 }}
              />
              <CopyButton value={neu.url}>
                {({ copied, copy }) => (
                  <Tooltip label={copied ? t("link.kopiert") : t("link.kopieren")} withArrow>
                    <ActionIcon
                      size="lg"
                      variant="default"
                      onClick={copy}
                      aria-label={t("link.kopieren")}
                      color={copied ? "green" : undefined}
                    >
                      <svg
                        width={16}
                        height={16}
                        viewBox="0 0 24 24"
                        fill="none"
                        stroke="currentColor"
                        strokeWidth={2}
                        aria-hidden
                      >
                        <title>{t("link.kopieren")}</title>
                        <rect x="8" y="8" width="12" height="12" rx="2" />
                        <path d="M16 8V6a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h2" />
                      </svg>
                    </ActionIcon>
                  </Tooltip>
                )}
              </CopyButton>
            </Group>
          </Alert>
        )}
        <Title order={2} fz="md">
          {t("link.liste")}
        </Title>
        {links.isPending ? (
          <Loader size="sm" aria-label={t("link.laden")} />
        ) : links.isError ? (
          <Alert color="red" role="alert" title={t("link.ladenFehler")}>
            {problemMessage(links.error)}
          </Alert>
        ) : links.data.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t("link.keine")}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table striped aria-label={t("link.liste")}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("link.erstelltAm")}</Table.Th>
                  <Table.Th>{t("link.bis")}</Table.Th>
                  <Table.Th ta="right">{t("link.aufrufe")}</Table.Th>
                  <Table.Th>{t("link.letzterAufruf")}</Table.Th>
                  <Table.Th>{t("link.statusSpalte")}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {links.data.map((link) => (
                  <Table.Tr key={link.id} data-testid="beleg-link">
                    <Table.Td>
                      <Text size="sm">{formatDateTime(link.erstelltAm)}</Text>
                      {link.erstelltVon && (
                        <Text size="xs" c="dimmed">
                          {t("link.von", { login: link.erstelltVon })}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      {link.gueltigBis ? formatDate(link.gueltigBis) : t("link.unbegrenzt")}
                    </Table.Td>
                    <Table.Td ta="right" data-testid="beleg-link-aufrufe">
                      {link.aufrufe}
                    </Table.Td>
                    <Table.Td>
                      {link.letzterAufruf ? formatDateTime(link.letzterAufruf) : t("link.nie")}
                    </Table.Td>
                    <Table.Td>
                      <Badge
                        color={STATUS_FARBE[link.status]}
                        variant="light"
                        style={{ minWidth: "max-content" }}
                      >
                        {t(`link.status.${link.status}`)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      {link.status !== "widerrufen" && (
                        <Button
                          size="compact-sm"
                          color="red"
                          variant="subtle"
                          loading={laeuft === link.id}
                          aria-label={t("link.widerrufenLabel", {
                            erstellt: formatDateTime(link.erstelltAm),
                          })}
                          onClick={() => void widerrufen(link)}
                        >
                          {t("link.widerrufen")}
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t("link.schliessen")}
          </Button>
        </Group>
      </Stack>
      {dialog}
    </Modal>
  );
}
