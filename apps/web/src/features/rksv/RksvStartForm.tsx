import type { TRksvStartAntwort, TRksvStartInput } from "@kontor/domain/rksv/rksv.schema";
import {
  Alert,
  Anchor,
  Button,
  Group,
  Paper,
  PasswordInput,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type ApiFieldError, isApiError } from "../../app/api.ts";
import { notifyFailure, notifySuccess } from "../../components/feedback/notify.ts";
import { MissingHint } from "../../components/form/FormActions.tsx";
import { serverFieldErrors } from "../../components/form/fieldErrors.ts";
import { useSaveRules } from "../../components/form/useSaveRules.ts";
import { useProblemMessage } from "../../components/problemMessage.ts";
import { starten } from "./rksv.api.ts";

export interface StartWerte {
  kassenId: string;
  art: "software" | "atrust";
  basisUrl: string;
  benutzer: string;
  passwort: string;
}

/** The POST body the form's values make: the A-Trust fields only for an A-Trust device. */
export function alsStart(werte: StartWerte): TRksvStartInput {
  return {
    kassenId: werte.kassenId.trim(),
    einrichtung:
      werte.art === "software"
        ? { art: "software" }
        : {
            art: "atrust",
            basisUrl: werte.basisUrl.trim(),
            benutzer: werte.benutzer,
            passwort: werte.passwort,
          },
  };
}

/** The form field of a schema or server field ("einrichtung.basisUrl" -> "basisUrl"). */
const formFeld = (feld: string) =>
  feld.startsWith("einrichtung.") ? feld.slice("einrichtung.".length) : feld;

/**
 * Field errors as the form shows them: translated, at the form's field names; a cash register id of the wrong
 * shape says which characters it may have.
 */
export function startFehler(
  fieldErrors: readonly ApiFieldError[],
  kassenIdFormat: string,
): Record<string, string> {
  const fehler = serverFieldErrors(fieldErrors.map((f) => ({ ...f, field: formFeld(f.field) })));
  if (fieldErrors.some((f) => f.field === "kassenId" && f.code === "pattern"))
    fehler.kassenId = kassenIdFormat;
  return fehler;
}

/** The cash register id's characters (ZKassenId): printable, without "_", the code's separator. */
const KASSEN_ID = /^[A-Za-z0-9.-]+$/;

function istUrl(text: string): boolean {
  try {
    return ["http:", "https:"].includes(new URL(text).protocol);
  } catch {
    return false;
  }
}

/**
 * The form's check, by the rules of the shared ZRksvStart — written out here: the schema's URL and discriminated
 * union would pull their zod code into the zod chunk that every edit screen and the login load (DESIGN §9). The
 * server checks with the schema itself; its field errors show at the same fields.
 */
export function pruefeStart(werte: StartWerte): ApiFieldError[] {
  const fehler: ApiFieldError[] = [];
  const text = (field: string, wert: string, max: number) => {
    if (wert.trim() === "") fehler.push({ field, code: "required" });
    else if (wert.trim().length > max) fehler.push({ field, code: "maxLength", max });
  };
  const body = alsStart(werte);
  text("kassenId", body.kassenId, 40);
  if (body.kassenId !== "" && body.kassenId.length <= 40 && !KASSEN_ID.test(body.kassenId))
    fehler.push({ field: "kassenId", code: "pattern" });
  if (werte.art === "atrust") {
    text("basisUrl", werte.basisUrl, 200);
    if (werte.basisUrl.trim() !== "" && !istUrl(werte.basisUrl.trim()))
      fehler.push({ field: "basisUrl", code: "pattern" });
    text("benutzer", werte.benutzer, 100);
    if (werte.passwort === "") fehler.push({ field: "passwort", code: "required" });
    else if (werte.passwort.length > 200) fehler.push({ field: "passwort", code: "maxLength", max: 200 });
  }
  return fehler;
}

/**
 * "Startbeleg erstellen" (admins): the cash register id and the signature creation device — the software key, or
 * A-Trust a.sign RK Online with its URL and credentials. A circle without RKSV is explained with a link to the
 * invoice circles; everything typed stays.
 */
export function RksvStartForm({ onGestartet }: { onGestartet: (antwort: TRksvStartAntwort) => void }) {
  const { t } = useTranslation(["rksv", "errors", "crud"]);
  const problemMessage = useProblemMessage();
  const [sendet, setSendet] = useState(false);
  const [ohneRksv, setOhneRksv] = useState(false);
  const form = useForm<StartWerte>({
    mode: "controlled",
    initialValues: { kassenId: "", art: "software", basisUrl: "", benutzer: "", passwort: "" },
    validate: (werte) => startFehler(pruefeStart(werte), t("start.kassenIdFormat")),
    validateInputOnBlur: true,
    onValuesChange: () => setOhneRksv(false),
  });
  // Off while the rules find errors; the row above the button names the inputs.
  const regeln = useSaveRules(form, (werte) => startFehler(pruefeStart(werte), t("start.kassenIdFormat")), {
    id: "rksv-start-fehlt",
    text: t("crud:form.fehltAktion"),
  });
  const atrust = form.getValues().art === "atrust";

  const absenden = async (werte: StartWerte) => {
    setSendet(true);
    try {
      const antwort = await starten(alsStart(werte));
      notifySuccess(t("start.erstellt"));
      onGestartet(antwort);
    } catch (error) {
      if (isApiError(error) && error.fieldErrors.some((f) => f.field === "rechnungskreisId")) {
        setOhneRksv(true);
        return;
      }
      if (isApiError(error) && error.fieldErrors.length > 0)
        form.setErrors(startFehler(error.fieldErrors, t("start.kassenIdFormat")));
      notifyFailure(t("start.fehler"), problemMessage(error));
    } finally {
      setSendet(false);
    }
  };

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="rksv-start-titel">
      <form onSubmit={form.onSubmit(absenden)} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h3" id="rksv-start-titel">
            {t("start.titel")}
          </Title>
          <Text size="sm" c="dimmed">
            {t("start.beschreibung")}
          </Text>
          <TextInput
            label={t("start.kassenId")}
            description={t("start.kassenIdHinweis")}
            withAsterisk
            maxLength={40}
            autoComplete="off"
            w={{ base: "100%", sm: 360 }}
            {...form.getInputProps("kassenId")}
          />
          <Radio.Group label={t("start.einrichtung")} withAsterisk {...form.getInputProps("art")}>
            <Stack gap="xs" mt={6}>
              <Radio value="software" label={t("start.software")} description={t("start.softwareHinweis")} />
              <Radio value="atrust" label={t("start.atrust")} description={t("start.atrustHinweis")} />
            </Stack>
          </Radio.Group>
          {atrust && (
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
              <TextInput
                label={t("start.basisUrl")}
                withAsterisk
                type="url"
                placeholder="https://…"
                maxLength={200}
                autoComplete="off"
                {...form.getInputProps("basisUrl")}
              />
              <TextInput
                label={t("start.benutzer")}
                withAsterisk
                maxLength={100}
                autoComplete="off"
                {...form.getInputProps("benutzer")}
              />
              <PasswordInput
                label={t("start.passwort")}
                withAsterisk
                maxLength={200}
                autoComplete="new-password"
                {...form.getInputProps("passwort")}
              />
            </SimpleGrid>
          )}
          {ohneRksv && (
            <Alert color="orange" variant="light" role="alert">
              <Stack gap={4}>
                <Text size="sm">{t("start.kreisOhneRksv")}</Text>
                <Anchor component={Link} to="/rechnungskreise_list/" size="sm">
                  {t("intro.kreisLink")}
                </Anchor>
              </Stack>
            </Alert>
          )}
          <MissingHint missing={regeln.missing} />
          <Group justify="flex-end">
            <Button
              type="submit"
              loading={sendet}
              disabled={regeln.blocked}
              aria-describedby={regeln.blocked ? regeln.missing.id : undefined}
            >
              {t("start.absenden")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
