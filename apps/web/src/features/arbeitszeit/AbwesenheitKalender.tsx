import { ABWESENHEIT_ARTEN, type TAbwesenheitArt } from "@kontor/domain/arbeitszeit/arbeitszeit.codes";
import type { TArbeitszeitMonat } from "@kontor/domain/arbeitszeit/arbeitszeit.schema";
import { Box, Group, Paper, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { wochentag } from "./arbeitszeit.api.ts";

export const ART_FARBE: Record<TAbwesenheitArt, string> = {
  urlaub: "teal",
  zeitausgleich: "grape",
  krank: "red",
  sonstiges: "indigo",
};

/** The month's absences as a small calendar (Mo–So), coloured by kind; holidays marked, weekends greyed. */
export function AbwesenheitKalender({ monat }: { monat: TArbeitszeitMonat }) {
  const { t, i18n } = useTranslation("arbeitszeit");
  const erster = monat.tage[0];
  const versatz = erster ? wochentag(erster.datum, i18n.language).nummer - 1 : 0;
  const kopf = [
    "2026-11-02",
    "2026-11-03",
    "2026-11-04",
    "2026-11-05",
    "2026-11-06",
    "2026-11-07",
    "2026-11-08",
  ].map((datum) => wochentag(datum, i18n.language).kurz);
  const arten = new Set(
    monat.tage.flatMap((tag) => tag.abwesenheiten.filter((a) => a.status !== "abgelehnt").map((a) => a.art)),
  );
  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-label={t("kalender.titel")}>
      <Text fw={600} size="sm" mb={6}>
        {t("kalender.titel")}
      </Text>
      <Box style={{ display: "grid", gridTemplateColumns: "repeat(7, 1fr)", gap: 3 }}>
        {kopf.map((name) => (
          <Text key={name} size="xs" c="dimmed" ta="center" fw={600}>
            {name}
          </Text>
        ))}
        {Array.from({ length: versatz }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: empty cells before the first day
          <Box key={`leer-${i}`} />
        ))}
        {monat.tage.map((tag) => {
          const abwesenheit = tag.abwesenheiten.find((a) => a.status !== "abgelehnt");
          const wochenende = wochentag(tag.datum, i18n.language).nummer >= 6;
          const farbe = abwesenheit ? ART_FARBE[abwesenheit.art] : undefined;
          const titel = [
            tag.feiertag?.bezeichnung,
            abwesenheit &&
              `${t(`art.${abwesenheit.art}`)}${abwesenheit.status === "beantragt" ? ` (${t("abwesenheitStatus.beantragt")})` : ""}`,
          ]
            .filter(Boolean)
            .join(" · ");
          return (
            <Box
              key={tag.datum}
              title={titel || undefined}
              aria-label={titel ? `${Number(tag.datum.slice(8))}: ${titel}` : undefined}
              data-testid={`kalender-${tag.datum}`}
              style={{
                borderRadius: 4,
                textAlign: "center",
                padding: "3px 0",
                fontSize: "var(--mantine-font-size-xs)",
                background: farbe
                  ? abwesenheit?.status === "beantragt"
                    ? `var(--mantine-color-${farbe}-light)`
                    : `var(--mantine-color-${farbe}-filled)`
                  : wochenende || tag.feiertag
                    ? "var(--mantine-color-gray-light)"
                    : undefined,
                color: farbe && abwesenheit?.status !== "beantragt" ? "white" : undefined,
                outline: tag.feiertag ? "1px dashed var(--mantine-color-orange-6)" : undefined,
                fontWeight: tag.feiertag ? 700 : undefined,
              }}
            >
              {Number(tag.datum.slice(8))}
            </Box>
          );
        })}
      </Box>
      <Group gap="xs" mt={8} wrap="wrap">
        {ABWESENHEIT_ARTEN.filter((art) => arten.has(art)).map((art) => (
          <Group key={art} gap={4} wrap="nowrap">
            <Box
              w={10}
              h={10}
              style={{ borderRadius: 2, background: `var(--mantine-color-${ART_FARBE[art]}-filled)` }}
            />
            <Text size="xs">{t(`art.${art}`)}</Text>
          </Group>
        ))}
        {monat.tage.some((tag) => tag.feiertag) && (
          <Group gap={4} wrap="nowrap">
            <Box
              w={10}
              h={10}
              style={{ borderRadius: 2, outline: "1px dashed var(--mantine-color-orange-6)" }}
            />
            <Text size="xs">{t("kalender.feiertag")}</Text>
          </Group>
        )}
      </Group>
    </Paper>
  );
}
