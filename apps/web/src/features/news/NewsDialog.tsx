import type { TBenachrichtigung } from "@kontor/domain/benachrichtigung/benachrichtigung.schema";
import {
  Box,
  Button,
  Checkbox,
  Group,
  Modal,
  Pagination,
  Stack,
  Text,
  Title,
  Typography,
} from "@mantine/core";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { uiLocale } from "../../components/format/format.ts";
import { sanitizeHtml } from "../../components/sanitizeHtml.ts";

const dateFormat = (locale: "de" | "en") =>
  new Intl.DateTimeFormat(locale === "en" ? "en-GB" : "de-AT", {
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
    timeZone: "Europe/Vienna",
  });

/** DD.MM.YYYY (de, SPEC §9), DD/MM/YYYY (en), or nothing for a missing or unreadable date. */
function formatDate(value: string | undefined): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : dateFormat(uiLocale()).format(date);
}

interface NewsDialogProps {
  opened: boolean;
  news: readonly TBenachrichtigung[];
  /** Closing; `dontShowAgain` when the user ticked "do not show anymore" (the caller saves it). */
  onClose: (dontShowAgain: boolean) => void;
  saving?: boolean;
}

/**
 * The news dialog (SPEC §2 Shell, §4 News): one news item per page (title, date, the editor's text, sanitized),
 * paging, and "do not show anymore"; closing in any way with the box ticked marks the news as read.
 */
export function NewsDialog({ opened, news, onClose, saving = false }: NewsDialogProps) {
  const { t } = useTranslation("shell");
  const [page, setPage] = useState(1);
  const [dontShow, setDontShow] = useState(false);
  const current = news[Math.min(page, news.length) - 1];
  const html = useMemo(() => (current ? sanitizeHtml(current.editor) : ""), [current]);
  const date = formatDate(current?.createdDate);

  const close = () => {
    onClose(dontShow);
    setPage(1);
    setDontShow(false);
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t("news.title")}
      size="lg"
      centered
      closeButtonProps={{ "aria-label": t("news.close") }}
    >
      {current && (
        <Stack gap="md">
          <Box>
            <Title order={3} size="h4">
              {current.bezeichnung}
            </Title>
            {date && (
              <Text size="xs" c="dimmed">
                {t("news.date", { date })}
              </Text>
            )}
          </Box>
          <Typography className="kontor-news-body">
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by an allowlist (sanitizeHtml.ts) */}
            <div dangerouslySetInnerHTML={{ __html: html }} />
          </Typography>
          {news.length > 1 && (
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Text size="sm" c="dimmed">
                {t("news.of", { page, total: news.length })}
              </Text>
              <Pagination
                total={news.length}
                value={page}
                onChange={setPage}
                size="sm"
                aria-label={t("news.pages")}
              />
            </Group>
          )}
        </Stack>
      )}
      <Group
        justify="space-between"
        mt="lg"
        pt="md"
        style={{ borderTop: "1px solid var(--mantine-color-default-border)" }}
      >
        <Checkbox
          label={t("news.dontShow")}
          checked={dontShow}
          onChange={(event) => setDontShow(event.currentTarget.checked)}
        />
        <Button onClick={close} loading={saving}>
          {t("news.close")}
        </Button>
      </Group>
    </Modal>
  );
}
