import { Box } from "@mantine/core";
import type { ReactNode } from "react";

/**
 * Columns of at least `min` px that fill the row, one column when narrower (a CSS grid: SimpleGrid does not fit
 * the budget of the edit screens' first tab).
 */
export function Raster({
  children,
  min = 320,
  gap = "md",
}: {
  children: ReactNode;
  min?: number;
  gap?: "sm" | "md";
}) {
  return (
    <Box
      style={{
        display: "grid",
        gridTemplateColumns: `repeat(auto-fit, minmax(min(${min}px, 100%), 1fr))`,
        gap: `var(--mantine-spacing-${gap})`,
      }}
    >
      {children}
    </Box>
  );
}
