import type { TMonatStatus } from "@kontor/domain/arbeitszeit/arbeitszeit.codes";
import type { TMitarbeiter } from "@kontor/domain/arbeitszeit/arbeitszeit.schema";
import { ActionIcon, Badge, Button, Group, Paper, Select, Text, Tooltip } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { fetchDatei } from "../../components/anhang/fetchDatei.ts";
import { notifyFailure } from "../../components/feedback/notify.ts";
import { saveBlob } from "../../components/files/files.ts";
import { useProblemMessage } from "../../components/problemMessage.ts";
import { monatName, monatPlus, monatVon, type ReportFormat, reportPfad } from "./arbeitszeit.api.ts";

/** Shared pieces of the working-time screens: month switcher, cards, status badge, downloads, employee picker. */

/** The employee's name as lists show it: "Muster Max", else the login. */
export const mitarbeiterName = (m: { firstName: string | null; lastName: string | null; login: string }) =>
  [m.lastName, m.firstName].filter((teil) => teil?.trim()).join(" ") || m.login;

const Pfeil = ({ d }: { d: string }) => (
  <svg
    width={18}
    height={18}
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth={2}
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
    focusable="false"
  >
    <path d={d} />
  </svg>
);

/** ‹ November 2026 › with "Heute": the month shown. */
export function MonatSchalter({ monat, onChange }: { monat: string; onChange: (monat: string) => void }) {
  const { t, i18n } = useTranslation("arbeitszeit");
  const heute = monatVon();
  return (
    <Group gap={4} wrap="nowrap" role="group" aria-label={t("monat.label")}>
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={t("monat.vorher")}
        onClick={() => onChange(monatPlus(monat, -1))}
      >
        <Pfeil d="M15 6l-6 6l6 6" />
      </ActionIcon>
      <Text fw={600} miw={150} ta="center" aria-live="polite" data-testid="arbeitszeit-monat">
        {monatName(monat, i18n.language)}
      </Text>
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={t("monat.nachher")}
        onClick={() => onChange(monatPlus(monat, 1))}
      >
        <Pfeil d="M9 6l6 6l-6 6" />
      </ActionIcon>
      <Button variant="subtle" size="compact-sm" disabled={monat === heute} onClick={() => onChange(heute)}>
        {t("monat.heute")}
      </Button>
    </Group>
  );
}

export const STATUS_FARBE: Record<TMonatStatus, string> = {
  offen: "gray",
  eingereicht: "blue",
  zurueckgegeben: "orange",
  genehmigt: "teal",
};

export function StatusBadge({ status }: { status: TMonatStatus }) {
  const { t } = useTranslation("arbeitszeit");
  return (
    <Badge color={STATUS_FARBE[status]} variant="light" tt="none" size="lg">
      {t(`status.${status}`)}
    </Badge>
  );
}

/** A summary card: label, a big value, an optional line below. */
export function Karte({
  label,
  wert,
  farbe,
  unten,
}: {
  label: string;
  wert: ReactNode;
  farbe?: string;
  unten?: ReactNode;
}) {
  return (
    <Paper withBorder p="sm" radius="md" role="group" aria-label={label}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="xl" fw={700} c={farbe} data-testid="arbeitszeit-karte" style={{ whiteSpace: "nowrap" }}>
        {wert}
      </Text>
      {unten && (
        <Text size="xs" c="dimmed">
          {unten}
        </Text>
      )}
    </Paper>
  );
}

/** Colour of a balance: red below zero, green above. */
export const saldoFarbe = (minuten: number) => (minuten < 0 ? "red.8" : minuten > 0 ? "teal.8" : undefined);

/** Downloads of zeiterfassungreport: PDF sheet, CSV, Excel (team: the payroll file, CSV and Excel only). */
export function ReportKnoepfe({
  monat,
  userId,
  team = false,
  kurz = false,
  formate = team ? ["csv", "xlsx"] : ["pdf", "csv", "xlsx"],
}: {
  monat: string;
  userId?: number | null;
  team?: boolean;
  /** Only the format's name (under a title that says what it is). */
  kurz?: boolean;
  formate?: readonly ReportFormat[];
}) {
  const { t, i18n } = useTranslation("arbeitszeit");
  const problemMessage = useProblemMessage();
  const navigate = useNavigate();
  const laden = useMutation({
    mutationFn: (format: ReportFormat) =>
      fetchDatei(reportPfad(format, monat, i18n.language, { userId, team }), () => {
        void navigate({ to: "/login", replace: true });
      }),
    onSuccess: ({ blob, name }, format) => saveBlob(blob, name ?? `arbeitszeit-${monat}.${format}`),
    onError: (error) => notifyFailure(t("toast.downloadFehler"), problemMessage(error)),
  });
  return (
    <Group gap="xs" wrap="wrap">
      {formate.map((format) => (
        <Button
          key={format}
          variant="default"
          size="sm"
          loading={laden.isPending && laden.variables === format}
          onClick={() => laden.mutate(format)}
        >
          {t(team && !kurz ? `report.team.${format}` : `report.${format}`)}
        </Button>
      ))}
    </Group>
  );
}

/** The admins' employee picker (GET zem_settings). */
export function MitarbeiterAuswahl({
  mitarbeiter,
  value,
  onChange,
  w = 240,
}: {
  mitarbeiter: readonly TMitarbeiter[];
  value: number | null;
  onChange: (id: number) => void;
  w?: number | string;
}) {
  const { t } = useTranslation("arbeitszeit");
  const collator = new Intl.Collator("de");
  const data = [...mitarbeiter]
    .sort((a, b) => collator.compare(mitarbeiterName(a), mitarbeiterName(b)))
    .map((m) => ({ value: String(m.id), label: mitarbeiterName(m) }));
  return (
    <Select
      label={t("mitarbeiter.label")}
      w={w}
      searchable
      allowDeselect={false}
      data={data}
      value={value === null ? null : String(value)}
      onChange={(id) => id && onChange(Number(id))}
      nothingFoundMessage={t("mitarbeiter.keine")}
    />
  );
}

/** A small icon button with a tooltip that is also its accessible name. */
export function SymbolKnopf({
  label,
  onClick,
  children,
  color,
}: {
  label: string;
  onClick: () => void;
  children: ReactNode;
  color?: string;
}) {
  return (
    <Tooltip label={label} openDelay={300}>
      <ActionIcon variant="subtle" size="md" color={color} aria-label={label} onClick={onClick}>
        {children}
      </ActionIcon>
    </Tooltip>
  );
}
