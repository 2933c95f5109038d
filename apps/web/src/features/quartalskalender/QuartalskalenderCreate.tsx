import { todayIso } from "@kontor/domain/date/calendar";
import type { TZeilenArt } from "@kontor/domain/quartalskalender/quartalskalender.codes";
import { quartalVon } from "@kontor/domain/quartalskalender/quartalskalender.rules";
import {
  Alert,
  Button,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../app/api.ts";
import { useShellAccess } from "../../app/shell/useShellAccess.ts";
import { notifyFailure, notifySuccess } from "../../components/feedback/notify.ts";
import { serverFieldErrors } from "../../components/form/fieldErrors.ts";
import { useProblemMessage } from "../../components/problemMessage.ts";
import {
  alleQuery,
  boardPath,
  KALENDER_KEY,
  kalenderKopieren,
  kalenderSpeichern,
  LIST_PATH,
  naechstesQuartal,
} from "./quartalskalender.api.ts";

/**
 * /quartalskalender_create (issue 23): a new quarter — year, quarter, name and row kind, or a copy of an existing
 * calendar (its row kind, its recurring entries shifted by whole weeks so weekdays stay). Preset: the quarter after
 * the newest calendar (else this quarter), that calendar as template.
 */
export function QuartalskalenderCreate() {
  const { t } = useTranslation(["quartalskalender", "crud"]);
  const schreiben = useShellAccess().can("kalenderWrite");
  const alle = useQuery(alleQuery);
  if (!schreiben)
    return (
      <Alert color="yellow" m="md">
        {t("board.nurLesen")}
      </Alert>
    );
  if (alle.isPending) return null;
  return <Formular vorlagen={alle.data ?? []} />;
}

function Formular({
  vorlagen,
}: {
  vorlagen: { id: number; jahr: number; quartal: number; bezeichnung: string; zeilenArt: TZeilenArt }[];
}) {
  const { t } = useTranslation(["quartalskalender", "crud"]);
  const problemMessage = useProblemMessage();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const neueste = vorlagen[0];
  const start = neueste ? naechstesQuartal(neueste) : quartalVon(todayIso());
  const [jahr, setJahr] = useState<number | string>(start.jahr);
  const [quartal, setQuartal] = useState(String(start.quartal));
  const [vorlage, setVorlage] = useState<string | null>(neueste ? String(neueste.id) : null);
  const [bezeichnung, setBezeichnung] = useState(neueste?.bezeichnung ?? t("titel"));
  const [zeilenArt, setZeilenArt] = useState<TZeilenArt>("personen");
  const [fehler, setFehler] = useState<Record<string, string>>({});
  const quelle = vorlagen.find((v) => String(v.id) === vorlage);

  const anlegen = useMutation({
    mutationFn: () =>
      quelle
        ? kalenderKopieren(quelle.id, { jahr: Number(jahr), quartal: Number(quartal), bezeichnung })
        : kalenderSpeichern({ jahr: Number(jahr), quartal: Number(quartal), bezeichnung, zeilenArt }),
    onSuccess: (neu) => {
      notifySuccess(t("board.gespeichert"));
      void queryClient.invalidateQueries({ queryKey: [KALENDER_KEY] });
      void navigate({ to: boardPath(neu.id) });
    },
    onError: (error) => {
      if (isApiError(error)) setFehler(serverFieldErrors(error.fieldErrors));
      notifyFailure(t("board.fehler"), problemMessage(error));
    },
  });

  return (
    <Stack gap="md" p={{ base: "xs", sm: "md" }} maw={640}>
      <Title order={1} size="h2">
        {t("neu.titel")}
      </Title>
      <Paper withBorder radius="md" p="md">
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            anlegen.mutate();
          }}
        >
          <Stack gap="sm">
            <Select
              label={t("neu.vorlage")}
              data={[
                { value: "", label: t("neu.keineVorlage") },
                ...vorlagen.map((v) => ({
                  value: String(v.id),
                  label: `${t("quartalKurz", { quartal: v.quartal, jahr: v.jahr })} ${v.bezeichnung}`,
                })),
              ]}
              value={vorlage ?? ""}
              onChange={(wert) => {
                const neu = wert ? wert : null;
                setVorlage(neu);
                const v = vorlagen.find((x) => String(x.id) === neu);
                if (v) {
                  setBezeichnung(v.bezeichnung);
                  const n = naechstesQuartal(v);
                  setJahr(n.jahr);
                  setQuartal(String(n.quartal));
                }
              }}
              allowDeselect={false}
            />
            {quelle && (
              <Text size="xs" c="dimmed">
                {t("neu.vorlageHinweis")}
              </Text>
            )}
            <Group grow gap="sm" align="flex-start">
              <NumberInput
                label={t("liste.jahr")}
                withAsterisk
                min={2000}
                max={2100}
                allowDecimal={false}
                value={jahr}
                onChange={setJahr}
                error={fehler.jahr}
              />
              <Select
                label={t("liste.quartal")}
                withAsterisk
                data={["1", "2", "3", "4"].map((q) => ({ value: q, label: `Q${q}` }))}
                value={quartal}
                onChange={(q) => setQuartal(q ?? "1")}
                allowDeselect={false}
                error={fehler.quartal}
              />
            </Group>
            <TextInput
              label={t("liste.bezeichnung")}
              withAsterisk
              maxLength={100}
              value={bezeichnung}
              onChange={(event) => setBezeichnung(event.currentTarget.value)}
              error={fehler.bezeichnung}
            />
            {!quelle && (
              <Stack gap={4}>
                <Text size="sm" fw={500}>
                  {t("liste.zeilenArt")}
                </Text>
                <SegmentedControl
                  aria-label={t("liste.zeilenArt")}
                  value={zeilenArt}
                  onChange={(wert) => setZeilenArt(wert as TZeilenArt)}
                  data={[
                    { value: "personen", label: t("zeilenArten.personen") },
                    { value: "baustellen", label: t("zeilenArten.baustellen") },
                  ]}
                />
              </Stack>
            )}
            <Group justify="flex-end" gap="sm" mt="sm">
              <Button variant="default" component={Link} to={LIST_PATH}>
                {t("neu.abbrechen")}
              </Button>
              <Button type="submit" loading={anlegen.isPending}>
                {t("neu.anlegen")}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
