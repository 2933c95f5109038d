import { ActionIcon, Button, Group, Paper, Stack, Text, TextInput, Tooltip } from "@mantine/core";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { MoneyInput } from "../../components/form/MoneyInput.tsx";
import { IconTrash } from "../../components/icons.tsx";
import { KundeSearchField } from "../kunde/quick/KundeSearchField.tsx";
import { type ArtikelForm, neuerLieferant } from "./artikel.form.ts";

const LieferantInfoModal = lazy(async () => ({
  default: (await import("./quick/LieferantInfoModal.tsx")).LieferantInfoModal,
}));

/**
 * Lieferanten: who supplies the article (SPEC §3 artikelLieferantSet) — the supplier (the customer search in
 * supplier mode), the supplier's article number and purchase price; "Info" shows the supplier's details.
 */
export function ArtikelLieferanten({ form, readOnly }: { form: ArtikelForm; readOnly: boolean }) {
  const { t } = useTranslation("artikel");
  const eintraege = form.getValues().artikelLieferantSet;
  const [info, setInfo] = useState<number | null>(null);

  return (
    <Stack gap="md">
      {eintraege.length === 0 && (
        <Text c="dimmed" size="sm">
          {t("lieferant.leer")}
        </Text>
      )}
      {eintraege.map((eintrag, index) => {
        const path = (field: string) => `artikelLieferantSet.${index}.${field}` as const;
        const nummer = t("lieferant.nummer", { n: index + 1 });
        const lieferantProps = form.getInputProps(path("lieferant"));
        return (
          <Paper key={eintrag.key} withBorder radius="sm" p="sm">
            <Group align="flex-end" wrap="nowrap" gap="sm">
              <Group gap="sm" grow style={{ flex: 1 }} align="flex-start">
                <KundeSearchField
                  lieferant
                  allowCreate={false}
                  label={t("lieferant.lieferant")}
                  disabled={readOnly}
                  withAsterisk={!readOnly}
                  error={lieferantProps.error}
                  value={
                    eintrag.lieferant
                      ? ({
                          id: eintrag.lieferant.id,
                          anzeigename: eintrag.lieferant.anzeigename ?? `#${eintrag.lieferant.id}`,
                        } as never)
                      : null
                  }
                  onChange={(kunde) =>
                    form.setFieldValue(
                      path("lieferant"),
                      kunde ? { id: kunde.id, anzeigename: kunde.anzeigename } : null,
                    )
                  }
                />
                <TextInput
                  label={t("lieferant.lieferantenArtikelNummer")}
                  maxLength={50}
                  disabled={readOnly}
                  key={form.key(path("lieferantenArtikelNummer"))}
                  {...form.getInputProps(path("lieferantenArtikelNummer"))}
                />
                <MoneyInput
                  label={t("lieferant.einkaufsPreis")}
                  min={0}
                  disabled={readOnly}
                  key={form.key(path("einkaufsPreis"))}
                  {...form.getInputProps(path("einkaufsPreis"))}
                />
              </Group>
              <Group gap="xs" wrap="nowrap" mb={4}>
                <Button
                  variant="subtle"
                  size="compact-sm"
                  disabled={!eintrag.lieferant}
                  onClick={() => eintrag.lieferant && setInfo(eintrag.lieferant.id)}
                  aria-label={t("lieferant.info", { name: nummer })}
                >
                  {t("lieferant.infoKurz")}
                </Button>
                {!readOnly && (
                  <Tooltip label={t("lieferant.entfernen", { name: nummer })} openDelay={400}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t("lieferant.entfernen", { name: nummer })}
                      onClick={() => form.removeListItem("artikelLieferantSet", index)}
                    >
                      <IconTrash />
                    </ActionIcon>
                  </Tooltip>
                )}
              </Group>
            </Group>
          </Paper>
        );
      })}
      {!readOnly && (
        <Group>
          <Button
            variant="default"
            onClick={() => form.insertListItem("artikelLieferantSet", neuerLieferant())}
          >
            {t("lieferant.hinzufuegen")}
          </Button>
        </Group>
      )}
      {info !== null && (
        <Suspense fallback={null}>
          <LieferantInfoModal lieferantId={info} onClose={() => setInfo(null)} />
        </Suspense>
      )}
    </Stack>
  );
}
