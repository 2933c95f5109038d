import { Group, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { BackLink } from "./EditStates.tsx";
import { type EditTab, EditTabs } from "./EditTabs.tsx";
import { FormActions } from "./FormActions.tsx";
import type { AggregateEdit } from "./useAggregateEdit.ts";

/** A tab of an aggregate; `sperrbar`: its inputs are all disabled while the aggregate is read-only. */
export interface AggregateTab<T extends string> extends EditTab<T> {
  sperrbar?: boolean;
}

/** A panel whose inputs are all disabled when the aggregate is read-only (a native fieldset does that). */
function Sperrbar({ readOnly, children }: { readOnly: boolean; children: ReactNode }) {
  return (
    <fieldset disabled={readOnly} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
      {children}
    </fieldset>
  );
}

/**
 * The page of an aggregate's edit screen (useAggregateEdit): back link to the list, title — the name, else the
 * stored number or "edit", a new one `neuTitel` — with the stored number and `kopf` (badges, links), `hinweise`
 * (lock, read-only), then the form: its tabs with errors and missing fields counted per tab and, unless read-only,
 * the sticky save bar naming what is missing (a click shows the field; `children` are further hints there), and
 * the unsaved-changes dialog. `tabs` may hold `false` for a tab that is not there (module off, no right, not
 * stored yet).
 */
export function AggregateEditPage<T extends string>({
  edit,
  name,
  nummer,
  neuTitel,
  kopf,
  hinweise,
  tabs,
  feldLabel,
  children,
}: {
  // biome-ignore lint/suspicious/noExplicitAny: values and record do not matter here
  edit: AggregateEdit<any, any, T>;
  /** The record's name as typed ("" = none yet). */
  name: string;
  /** The stored record's number ("Nr. …" beside the title). */
  nummer: string | null | undefined;
  /** The title of a new record without a name. */
  neuTitel: string;
  kopf?: ReactNode;
  hinweise?: ReactNode;
  tabs: readonly (AggregateTab<T> | false)[];
  /** The label of a required input in "Zum Speichern fehlt: …". */
  feldLabel: (path: string) => string;
  children?: ReactNode;
}) {
  const { t } = useTranslation(edit.ns);
  const title = name || (edit.stored ? nummer || t("edit.titleEdit") : neuTitel);
  const sichtbar = tabs.flatMap((tab) =>
    tab === false
      ? []
      : [
          tab.sperrbar
            ? { ...tab, content: <Sperrbar readOnly={edit.readOnly}>{tab.content}</Sperrbar> }
            : tab,
        ],
  );
  return (
    <Stack gap="lg" maw={1100}>
      <Stack gap={4}>
        <BackLink to={edit.listPath} />
        <Group gap="sm" align="center">
          <Title order={1}>{title}</Title>
          {nummer && (
            <Text c="dimmed" size="lg">
              {t("edit.nummer", { nummer })}
            </Text>
          )}
          {kopf}
        </Group>
      </Stack>
      {hinweise}

      <form onSubmit={edit.submit} noValidate>
        <Stack gap="lg">
          <EditTabs
            tabs={sichtbar}
            value={edit.tab}
            onChange={edit.setTab}
            fehlerTabs={edit.fehlerTabs}
            fehltTabs={edit.readOnly ? {} : edit.fehltTabs}
            texte={{
              tabFehler: (count) => t("edit.tabFehler", { count }),
              tabFehlt: (count) => t("edit.tabFehlt", { count }),
              laden: t("edit.laden"),
            }}
          />
          {!edit.readOnly && (
            <FormActions
              bar="sticky"
              missing={{
                id: `${edit.ns}-save-fehlt`,
                text: t("save.fehlt"),
                fields: edit.fehlend.map((grund) => ({ field: grund.field, label: feldLabel(grund.field) })),
                onShow: edit.zeigeFeld,
              }}
              dirty={edit.form.isDirty()}
              pending={edit.save.isPending}
              onReset={edit.reset}
            >
              {children}
            </FormActions>
          )}
        </Stack>
      </form>
      {edit.leaveDialog}
    </Stack>
  );
}
