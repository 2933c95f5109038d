import type { TAppInfo } from "@kontor/domain/auth/auth.schema";
import type { MantineColor } from "@mantine/core";

/**
 * The shell's colour by environment (SPEC §2 Shell): local and dev are marked unmistakably but calmly — a
 * coloured strip on top of the header, a light tint and the environment's name — so nobody takes test data for
 * the real thing; production keeps the neutral look.
 */
export interface EnvironmentLook {
  /** Colour of the strip and the badge; null = neutral (production). */
  color: MantineColor | null;
  /** Header background. */
  background: string;
}

export function environmentLook(environment: TAppInfo["environment"] | undefined): EnvironmentLook {
  switch (environment) {
    case "local":
      return { color: "grape", background: "var(--mantine-color-grape-0)" };
    case "dev":
      return { color: "orange", background: "var(--mantine-color-orange-0)" };
    default:
      return { color: null, background: "var(--mantine-color-body)" };
  }
}
