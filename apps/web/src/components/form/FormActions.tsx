import { Button, Group, Paper, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";

/**
 * The save row of every edit form: "unsaved changes" hint, reset and save. `bar` puts it in its own frame —
 * `sticky` keeps that frame at the bottom of long forms.
 */
export function FormActions({
  dirty,
  pending,
  onReset,
  bar,
}: {
  dirty: boolean;
  pending: boolean;
  onReset: () => void;
  bar?: "plain" | "sticky";
}) {
  const { t } = useTranslation("crud");
  const row = (
    <Group justify="flex-end" gap="sm">
      {dirty && (
        <Text size="sm" c="dimmed" mr="auto">
          {t("form.unsaved")}
        </Text>
      )}
      <Button variant="default" onClick={onReset} disabled={!dirty || pending}>
        {t("action.reset")}
      </Button>
      <Button type="submit" loading={pending}>
        {t("action.save")}
      </Button>
    </Group>
  );
  if (!bar) return row;
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      {...(bar === "sticky"
        ? { pos: "sticky" as const, bottom: 0, style: { zIndex: 2, boxShadow: "var(--mantine-shadow-sm)" } }
        : {})}
    >
      {row}
    </Paper>
  );
}
