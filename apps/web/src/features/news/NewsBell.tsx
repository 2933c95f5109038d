import { ActionIcon, Indicator, Tooltip } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { IconBell } from "../../app/shell/icons.tsx";

/** The header's news icon (SPEC §2 Shell): shown only when news exist; a dot while they are unread. */
export function NewsBell({ unread, onOpen }: { unread: boolean; onOpen: () => void }) {
  const { t } = useTranslation("shell");
  const label = unread ? t("news.openUnread") : t("news.open");
  return (
    <Tooltip label={t("news.title")} withArrow>
      <Indicator color="red" size={9} offset={5} disabled={!unread} withBorder>
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label={label} onClick={onOpen}>
          <IconBell size={20} />
        </ActionIcon>
      </Indicator>
    </Tooltip>
  );
}
