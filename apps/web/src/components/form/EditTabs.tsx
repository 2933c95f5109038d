import { Badge, Loader, Paper, Tabs } from "@mantine/core";
import { type ReactNode, Suspense } from "react";

/** One tab of an edit screen: its value, label and (lazy) content. */
export interface EditTab<T extends string> {
  value: T;
  label: string;
  content: ReactNode;
}

/**
 * The tabs of a large edit screen (customer, article): each tab's label carries how many of its inputs have an
 * error (red) or, else, how many required ones are still empty (orange); every panel sits in a bordered Paper and
 * waits for its lazy content with a loader. Panels stay mounted (the form keeps their inputs).
 */
export function EditTabs<T extends string>({
  tabs,
  value,
  onChange,
  fehlerTabs,
  fehltTabs,
  texte,
}: {
  tabs: readonly EditTab<T>[];
  value: T;
  onChange: (tab: T) => void;
  /** Errors per tab. */
  fehlerTabs: Partial<Record<string, number>>;
  /** Required inputs still empty per tab. */
  fehltTabs: Partial<Record<string, number>>;
  texte: { tabFehler: (count: number) => string; tabFehlt: (count: number) => string; laden: string };
}) {
  return (
    <Tabs value={value} onChange={(next) => next && onChange(next as T)} keepMounted>
      <Tabs.List>
        {tabs.map(({ value: tab, label }) => {
          const fehler = fehlerTabs[tab] ?? 0;
          const fehlt = fehltTabs[tab] ?? 0;
          return (
            <Tabs.Tab
              key={tab}
              value={tab}
              rightSection={
                fehler > 0 ? (
                  <Badge size="xs" color="red" circle aria-label={texte.tabFehler(fehler)}>
                    {fehler}
                  </Badge>
                ) : fehlt > 0 ? (
                  <Badge size="xs" color="orange" circle aria-label={texte.tabFehlt(fehlt)}>
                    {fehlt}
                  </Badge>
                ) : undefined
              }
            >
              {label}
            </Tabs.Tab>
          );
        })}
      </Tabs.List>
      {tabs.map(({ value: tab, content }) => (
        <Tabs.Panel key={tab} value={tab} pt="md">
          <Paper withBorder radius="md" p="lg">
            <Suspense fallback={<Loader size="sm" aria-label={texte.laden} />}>{content}</Suspense>
          </Paper>
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
