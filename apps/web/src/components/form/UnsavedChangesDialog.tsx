import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";

/**
 * "Discard unsaved changes?" (useUnsavedChangesGuard): Keep editing — the default, also Escape and the close
 * button — or Discard. Shown while a navigation waits for the answer; loaded only when a form is changed.
 */
export function UnsavedChangesDialog({ onStay, onDiscard }: { onStay: () => void; onDiscard: () => void }) {
  const { t } = useTranslation("crud");
  return (
    <Modal opened onClose={onStay} title={t("leave.title")} centered>
      <Stack gap="lg">
        <Text>{t("leave.text")}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onStay} data-autofocus>
            {t("leave.stay")}
          </Button>
          <Button color="red" onClick={onDiscard}>
            {t("leave.discard")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
