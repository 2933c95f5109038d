import { Group, Pagination, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";

export interface PaginationBarProps {
  /** 1-based current page. */
  page: number;
  /** Number of pages (SPEC §9: ceil(total / size), 1 if unknown). */
  pages: number;
  /** Entries in all pages; null when the server did not say. */
  totalCount: number | null;
  onChange: (page: number) => void;
  disabled?: boolean;
}

/** The pagination bar under every list (SPEC §2 Shell: "a header and a pagination bar"). */
export function PaginationBar({ page, pages, totalCount, onChange, disabled }: PaginationBarProps) {
  const { t } = useTranslation("crud");
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Text size="sm" c="dimmed" aria-live="polite">
        {t("pagination.summary", { page, pages })}
        {totalCount !== null && ` · ${t("pagination.total", { count: totalCount })}`}
      </Text>
      {pages > 1 && (
        <nav aria-label={t("pagination.label")}>
          <Pagination
            value={page}
            total={pages}
            onChange={onChange}
            disabled={disabled}
            withEdges
            size="sm"
            getItemProps={(item) => ({
              "aria-label": t("pagination.page", { page: item }),
              "aria-current": item === page ? "page" : undefined,
            })}
            getControlProps={(control) => ({ "aria-label": t(`pagination.${control}`) })}
          />
        </nav>
      )}
    </Group>
  );
}
