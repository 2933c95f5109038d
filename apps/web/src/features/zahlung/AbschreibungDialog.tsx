import { Alert, Button, Group, Modal, Stack, Text, Textarea } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../app/api.ts";
import { dialogSubmit } from "../../components/form/dialogSubmit.ts";
import { fieldErrorMessage } from "../../components/form/fieldErrors.ts";
import { formatMoney } from "../../components/format/format.ts";
import { useProblemMessage } from "../../components/problemMessage.ts";
import { abschreiben } from "./zahlung.api.ts";

/**
 * "Als bezahlt markieren" (SPEC §4 "marked paid", issue 17): the open amount is written off with a reason — never a
 * paid flag set against the payments. POST unpaidbelege/{id}/abschreibung.
 */
export function AbschreibungDialog({
  belegId,
  belegNummer,
  restbetrag,
  onClose,
  onAbgeschrieben,
}: {
  belegId: number;
  belegNummer: string | null;
  restbetrag: number;
  onClose: () => void;
  onAbgeschrieben: () => void;
}) {
  const { t } = useTranslation("beleg", { keyPrefix: "zahlung" });
  const { t: tc } = useTranslation("crud");
  const problemMessage = useProblemMessage();
  const [grund, setGrund] = useState("");
  const [fehler, setFehler] = useState<string | null>(null);
  const [grundFehler, setGrundFehler] = useState<string | null>(null);
  const [sendet, setSendet] = useState(false);

  const speichern = async () => {
    if (grund.trim() === "") {
      setGrundFehler(fieldErrorMessage("required"));
      return;
    }
    setSendet(true);
    setFehler(null);
    try {
      await abschreiben(belegId, grund.trim());
      onAbgeschrieben();
    } catch (error) {
      const feld = isApiError(error) ? error.fieldErrors[0] : undefined;
      if (feld?.field === "grund") setGrundFehler(fieldErrorMessage(feld.code, feld));
      else setFehler(feld ? fieldErrorMessage(feld.code, feld) : problemMessage(error));
    } finally {
      setSendet(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title={t("abschreibung.titel")}>
      <form
        onSubmit={dialogSubmit((event) => {
          event.preventDefault();
          void speichern();
        })}
      >
        <Stack gap="md">
          <Text size="sm">
            {t("abschreibung.text", { beleg: belegNummer ?? "", betrag: formatMoney(restbetrag) })}
          </Text>
          <Textarea
            label={t("abschreibung.grund")}
            required
            autosize
            minRows={2}
            maxLength={500}
            value={grund}
            error={grundFehler}
            onChange={(event) => {
              setGrund(event.currentTarget.value);
              setGrundFehler(null);
            }}
          />
          {fehler && (
            <Alert color="red" role="alert">
              {fehler}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {tc("action.cancel")}
            </Button>
            <Button type="submit" color="orange" loading={sendet}>
              {t("abschreibung.speichern")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
