import { Group, Pagination, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";

export interface PaginationBarProps {
  /** 1-based current page. */
  page: number;
  /**
   * Number of pages (SPEC §9: ceil(total / size), 1 if unknown); with a capped total, the pages that are known to
   * exist (`pageCount` of listValues.ts: up to the current one, and the next while this one is full).
   */
  pages: number;
  /** Entries in all pages; null when the server did not say. */
  totalCount: number | null;
  /** More entries match than `totalCount` (the server counts only up to a cap): there is no known last page. */
  totalCapped?: boolean;
  onChange: (page: number) => void;
  disabled?: boolean;
}

/**
 * The pagination bar under every list (SPEC §2 Shell: "a header and a pagination bar"). A capped total reads
 * "more than 10,000 entries" and the bar offers no last page, only the next one while there is one.
 */
export function PaginationBar({
  page,
  pages,
  totalCount,
  totalCapped = false,
  onChange,
  disabled,
}: PaginationBarProps) {
  const { t } = useTranslation("crud");
  const capped = totalCapped && totalCount !== null;
  const control = (name: "first" | "previous" | "next" | "last") => ({
    "aria-label": t(`pagination.${name}`),
  });
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Text size="sm" c="dimmed" aria-live="polite">
        {capped ? t("pagination.summaryCapped", { page }) : t("pagination.summary", { page, pages })}
        {totalCount !== null &&
          ` · ${capped ? t("pagination.totalCapped", { total: totalCount }) : t("pagination.total", { count: totalCount })}`}
      </Text>
      {pages > 1 && (
        <nav aria-label={t("pagination.label")}>
          <Pagination.Root
            value={page}
            total={pages}
            onChange={onChange}
            disabled={disabled}
            size="sm"
            getItemProps={(item) => ({
              "aria-label": t("pagination.page", { page: item }),
              "aria-current": item === page ? "page" : undefined,
            })}
          >
            <Group gap={8}>
              <Pagination.First {...control("first")} />
              <Pagination.Previous {...control("previous")} />
              <Pagination.Items />
              <Pagination.Next {...control("next")} />
              {!capped && <Pagination.Last {...control("last")} />}
            </Group>
          </Pagination.Root>
        </nav>
      )}
    </Group>
  );
}
