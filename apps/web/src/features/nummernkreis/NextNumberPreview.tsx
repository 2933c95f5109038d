import { Paper, Text } from "@mantine/core";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { type CircleInput, nextNumber, type SavedCircle, todayNumberDate } from "./nextNumber.ts";

/**
 * "Nächste Nummer: 2026-00001" above a circle's fields: live while typing (the domain's engine, as the server
 * computes it), the server's own preview while the form shows the saved circle.
 */
export function NextNumberPreview({ input, saved }: { input: CircleInput; saved?: SavedCircle | undefined }) {
  const { t } = useTranslation("nummernkreis");
  const today = useMemo(() => todayNumberDate(), []);
  const next = nextNumber(input, saved, today);
  return (
    <Paper radius="md" p="md" bg="var(--mantine-primary-color-light)" data-testid="next-number">
      <Text fz="xl" lh={1.3}>
        {t("next.label")}:{" "}
        {next.ok ? (
          <Text span inherit fw={700} ff="monospace" style={{ whiteSpace: "nowrap" }}>
            {next.number}
          </Text>
        ) : (
          <Text span inherit c="dimmed">
            {t("next.none")}
          </Text>
        )}
      </Text>
      <Text size="sm" c={next.ok ? "dimmed" : "red"} mt={4}>
        {next.ok
          ? t(next.fromServer ? "next.saved" : saved ? "next.unsaved" : "next.new")
          : t(`pattern.error.${next.reason}`)}
      </Text>
    </Paper>
  );
}
