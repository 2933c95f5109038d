import { Button, Group, Stack, Text } from "@mantine/core";
import { useId } from "react";
import { useTranslation } from "react-i18next";

/** Fields the quick dialogs name in words ("Zum Speichern fehlt noch: Straße und PLZ"), in form order. */
const FELDER = [
  "kunde",
  "bezeichnung",
  "geschlecht",
  "vorname",
  "nachname",
  "strasse",
  "hausNummer",
  "plz",
  "ort",
  "land",
  "email",
  "telnr",
  "adressZusatz",
  "stiege",
  "tuer",
  "firmenName",
] as const;
type Feld = (typeof FELDER)[number];

/** "Straße und PLZ": the labels of field paths (`adresseLists.0.strasse` → Straße) as a list in words. */
export function useFelderText(): (paths: readonly string[]) => string {
  const { t, i18n } = useTranslation("kundesuche");
  return (paths) => {
    // In the order the dialogs show the fields; unknown paths last, as they are.
    const rang = (feld: string) => {
      const index = (FELDER as readonly string[]).indexOf(feld);
      return index === -1 ? FELDER.length : index;
    };
    const felder = paths.map((path) => path.split(".").at(-1) ?? path).sort((a, b) => rang(a) - rang(b));
    const namen = [
      ...new Set(felder.map((feld) => (rang(feld) < FELDER.length ? t(`feld.${feld as Feld}`) : feld))),
    ];
    return new Intl.ListFormat(i18n.resolvedLanguage ?? "de", { type: "conjunction" }).format(namen);
  };
}

/**
 * The save row of the quick dialogs: cancel and save. While required fields are missing (`fehlt`, field paths)
 * save is disabled and the reason is written beside it (SPEC §5 "save is disabled when …").
 */
export function QuickActions({
  fehlt,
  pending,
  onCancel,
}: {
  fehlt: readonly string[];
  pending: boolean;
  onCancel: () => void;
}) {
  const { t } = useTranslation(["kundesuche", "crud"]);
  const felderText = useFelderText();
  const grundId = useId();
  const blockiert = fehlt.length > 0;
  return (
    <Stack gap="xs">
      {blockiert && (
        <Text size="sm" c="dimmed" id={grundId} role="status">
          {t("neu.fehlt", { felder: felderText(fehlt) })}
        </Text>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel} mr="auto">
          {t("crud:action.cancel")}
        </Button>
        <Button
          type="submit"
          disabled={blockiert}
          loading={pending}
          aria-describedby={blockiert ? grundId : undefined}
        >
          {t("crud:action.save")}
        </Button>
      </Group>
    </Stack>
  );
}
