import { Anchor, Button, Group, Paper, Stack, Text } from "@mantine/core";
import { Fragment, type ReactNode } from "react";
import { useTranslation } from "react-i18next";

/** A required input still empty: its form path and its label in "Zum Speichern fehlt: …". */
export interface FehlendesFeld {
  field: string;
  label: string;
}

/**
 * The sticky save bar at the bottom of a large edit screen (customer, article): "Zum Speichern fehlt: …" with a
 * link per missing input (`onZeigen` opens its tab and focuses it), further hints (`children`), "unsaved
 * changes", then Reset and Save (a submit button, off while something is missing; it points to the missing list
 * by `fehltId`).
 */
export function SpeichernLeiste({
  fehltId,
  fehltText,
  fehlend,
  onZeigen,
  dirty,
  speichert,
  onReset,
  children,
}: {
  /** The id of the missing list (unique on the page). */
  fehltId: string;
  /** "Zum Speichern fehlt:" */
  fehltText: string;
  fehlend: readonly FehlendesFeld[];
  onZeigen: (field: string) => void;
  dirty: boolean;
  speichert: boolean;
  onReset: () => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation("crud");
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      pos="sticky"
      bottom={0}
      style={{ zIndex: 2, boxShadow: "var(--mantine-shadow-sm)" }}
    >
      <Group justify="flex-end" gap="sm" wrap="nowrap" align="center">
        <Stack gap={2} miw={0} style={{ flex: 1 }}>
          {fehlend.length > 0 && (
            <Text size="sm" c="orange.8" id={fehltId}>
              {fehltText}{" "}
              {fehlend.map((grund, index) => (
                <Fragment key={grund.field}>
                  {index > 0 && ", "}
                  <Anchor component="button" type="button" size="sm" onClick={() => onZeigen(grund.field)}>
                    {grund.label}
                  </Anchor>
                </Fragment>
              ))}
            </Text>
          )}
          {children}
          {dirty && (
            <Text size="sm" c="dimmed">
              {t("form.unsaved")}
            </Text>
          )}
        </Stack>
        <Button variant="default" style={{ flexShrink: 0 }} onClick={onReset} disabled={!dirty || speichert}>
          {t("action.reset")}
        </Button>
        <Button
          type="submit"
          style={{ flexShrink: 0 }}
          loading={speichert}
          disabled={fehlend.length > 0}
          aria-describedby={fehlend.length > 0 ? fehltId : undefined}
        >
          {t("action.save")}
        </Button>
      </Group>
    </Paper>
  );
}
