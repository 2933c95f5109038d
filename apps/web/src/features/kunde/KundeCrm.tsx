import { Badge, Button, Group, Paper, Stack, Text, Textarea } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../components/format/format.ts";
import type { KundeForm } from "./kunde.form.ts";

/**
 * CRM (module crm): the customer's notes, newest first (date, who, text), and a new note. Adding one saves the
 * customer with it (the server dates it and names the author), so it needs what every save needs.
 */
export function KundeCrm({
  form,
  blockiert,
  onAdd,
}: {
  form: KundeForm;
  /** The save rules still miss something: a note cannot be saved either. */
  blockiert: boolean;
  onAdd: () => void;
}) {
  const { t } = useTranslation("kunde");
  const [text, setText] = useState("");
  const notizen = form.getValues().kundeCrms;
  // Unsaved ones (no date yet) on top, then newest first.
  const sortiert = notizen
    .map((notiz, index) => ({ notiz, index }))
    .sort((a, b) => {
      const da = a.notiz.datum ?? "";
      const db = b.notiz.datum ?? "";
      if (da === db) return b.index - a.index;
      if (da === "") return -1;
      if (db === "") return 1;
      return Date.parse(db) - Date.parse(da);
    });

  const hinzufuegen = () => {
    const neu = text.trim();
    if (neu === "") return;
    form.insertListItem("kundeCrms", { text: neu });
    setText("");
    onAdd();
  };

  return (
    <Stack gap="md">
      <Stack gap="xs">
        <Textarea
          label={t("crm.neu")}
          autosize
          minRows={3}
          maxRows={10}
          maxLength={10_000}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
        />
        <Group gap="sm">
          <Button onClick={hinzufuegen} disabled={text.trim() === "" || blockiert}>
            {t("crm.hinzufuegen")}
          </Button>
          <Text size="xs" c="dimmed">
            {blockiert ? t("crm.blockiert") : t("crm.hinweis")}
          </Text>
        </Group>
      </Stack>

      {sortiert.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t("crm.leer")}
        </Text>
      ) : (
        <Stack gap="sm" component="ol" style={{ listStyle: "none", padding: 0, margin: 0 }}>
          {sortiert.map(({ notiz, index }) => {
            const fehler = form.errors[`kundeCrms.${index}.text`];
            return (
              <Paper key={notiz.id ?? `neu-${index}`} component="li" withBorder radius="sm" p="sm">
                <Group gap="xs" mb={4}>
                  <Text size="xs" fw={600}>
                    {notiz.datum ? formatDateTime(notiz.datum) : ""}
                  </Text>
                  {notiz.user?.login && (
                    <Text size="xs" c="dimmed">
                      {notiz.user.login}
                    </Text>
                  )}
                  {notiz.id === undefined && (
                    <Badge size="xs" variant="light" color="orange">
                      {t("crm.ungespeichert")}
                    </Badge>
                  )}
                </Group>
                <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>
                  {notiz.text}
                </Text>
                {fehler && (
                  <Text size="xs" c="red">
                    {fehler}
                  </Text>
                )}
              </Paper>
            );
          })}
        </Stack>
      )}
    </Stack>
  );
}
