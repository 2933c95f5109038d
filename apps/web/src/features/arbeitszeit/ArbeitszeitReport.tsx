import { Alert, Paper, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useShellAccess } from "../../app/shell/useShellAccess.ts";
import { useProblemMessage } from "../../components/problemMessage.ts";
import { MitarbeiterAuswahl, MonatSchalter, ReportKnoepfe } from "./ArbeitszeitTeile.tsx";
import { mitarbeiterQuery, monatPlus, monatVon } from "./arbeitszeit.api.ts";

/**
 * /zeiterfassung_report (issue 22): the month sheet of an employee (admins pick one; others get their own) as PDF,
 * CSV or Excel; admins also the payroll file of every employee.
 */
export function ArbeitszeitReport() {
  const { t } = useTranslation("arbeitszeit");
  const access = useShellAccess();
  const admin = access.can("arbeitszeitAdmin");
  const problemMessage = useProblemMessage();
  const mitarbeiter = useQuery({ ...mitarbeiterQuery, enabled: admin });
  // Last month by default: the sheet is signed when the month is over.
  const [monat, setMonat] = useState(() => monatPlus(monatVon(), -1));
  const [userId, setUserId] = useState<number | null>(null);
  const eigenerId = access.account?.id ?? null;
  return (
    <Stack gap="md" maw={720}>
      <Title order={1}>{t("report.title")}</Title>
      <Text>{t("report.intro")}</Text>
      <Paper withBorder p="md" radius="md">
        <Stack gap="md">
          {admin && mitarbeiter.data && (
            <MitarbeiterAuswahl
              mitarbeiter={mitarbeiter.data}
              value={userId ?? eigenerId}
              onChange={setUserId}
            />
          )}
          {mitarbeiter.isError && (
            <Alert color="red" role="alert">
              {problemMessage(mitarbeiter.error)}
            </Alert>
          )}
          <MonatSchalter monat={monat} onChange={setMonat} />
          <ReportKnoepfe monat={monat} userId={userId === eigenerId ? null : userId} />
        </Stack>
      </Paper>
      {admin && (
        <Paper withBorder p="md" radius="md">
          <Stack gap="sm">
            <Text fw={600}>{t("report.teamTitel")}</Text>
            <Text size="sm">{t("report.teamText")}</Text>
            <ReportKnoepfe monat={monat} team kurz />
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
