import { Anchor, Button, Group, Paper, Stack, Text } from "@mantine/core";
import { Fragment, type ReactNode } from "react";
import { useTranslation } from "react-i18next";

/** A required input still empty: its form path and its label in "Zum Speichern fehlt: …". */
export interface MissingField {
  field: string;
  label: string;
}

/** What a form still lacks before it can be saved (a large edit screen's save rules). */
export interface MissingFields {
  /** The id of the missing list (unique on the page); Save points to it while it is off. */
  id: string;
  /** "Zum Speichern fehlt:" in the form's words; default "Zum Speichern fehlt oder ist ungültig:". */
  text?: string;
  fields: readonly MissingField[];
  /** A click on a field's name: show that input (open its tab, focus it). */
  onShow: (field: string) => void;
}

/**
 * What a form still lacks before it can be saved: "Zum Speichern fehlt …: " with a link per input (a click shows
 * it). Nothing while nothing is missing. The save row shows it (FormActions); a dialog puts it above its buttons
 * and points its submit button at it (`aria-describedby={missing.id}`, disabled while `fields` is not empty).
 */
export function MissingHint({ missing }: { missing: MissingFields }) {
  const { t } = useTranslation("crud");
  if (missing.fields.length === 0) return null;
  return (
    <Text size="sm" c="orange.8" id={missing.id}>
      {missing.text ?? t("form.fehlt")}{" "}
      {missing.fields.map((entry, index) => (
        <Fragment key={entry.field}>
          {index > 0 && ", "}
          <Anchor component="button" type="button" size="sm" onClick={() => missing.onShow(entry.field)}>
            {entry.label}
          </Anchor>
        </Fragment>
      ))}
    </Text>
  );
}

/**
 * The save row of every edit form: on the left what is still missing (`missing`: "Zum Speichern fehlt: …" with a
 * link per input; Save is off while any is missing and points to the list), further hints (`children`) and
 * "unsaved changes"; on the right Reset and Save (a submit button). `bar` puts the row in its own frame —
 * `sticky` keeps that frame at the bottom of long forms.
 */
export function FormActions({
  dirty,
  pending,
  onReset,
  bar,
  missing,
  children,
}: {
  dirty: boolean;
  pending: boolean;
  onReset: () => void;
  bar?: "plain" | "sticky";
  missing?: MissingFields;
  children?: ReactNode;
}) {
  const { t } = useTranslation("crud");
  const incomplete = missing !== undefined && missing.fields.length > 0;
  const row = (
    // The hints take the row's rest, and a line of their own on a narrow screen (the buttons then below them).
    <Group justify="flex-end" gap="sm" wrap="wrap" align="center">
      <Stack gap={2} miw={0} style={{ flex: "1 1 16rem" }}>
        {incomplete && <MissingHint missing={missing} />}
        {children}
        {dirty && (
          <Text size="sm" c="dimmed">
            {t("form.unsaved")}
          </Text>
        )}
      </Stack>
      <Group gap="sm" justify="flex-end" ml="auto">
        <Button variant="default" onClick={onReset} disabled={!dirty || pending}>
          {t("action.reset")}
        </Button>
        <Button
          type="submit"
          loading={pending}
          disabled={incomplete}
          aria-describedby={incomplete ? missing.id : undefined}
        >
          {t("action.save")}
        </Button>
      </Group>
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
