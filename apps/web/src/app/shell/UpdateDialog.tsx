import { Button, Group, Modal, Text } from "@mantine/core";
import { useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { pwa } from "../pwa.ts";
import { IconRefresh } from "./icons.tsx";

/** "Update available" (SPEC §2 Shell): update now (the page reloads once) or later. */
export function UpdateDialog() {
  const { t } = useTranslation("shell");
  const { updateReady } = useSyncExternalStore(pwa.subscribe, pwa.getState);
  return (
    <Modal
      opened={updateReady}
      onClose={() => pwa.dismissUpdate()}
      title={t("update.title")}
      centered
      size="md"
      closeButtonProps={{ "aria-label": t("close") }}
    >
      <Text size="sm">{t("update.text")}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={() => pwa.dismissUpdate()}>
          {t("update.later")}
        </Button>
        <Button leftSection={<IconRefresh size={16} />} onClick={() => pwa.applyUpdate()} data-autofocus>
          {t("update.now")}
        </Button>
      </Group>
    </Modal>
  );
}
