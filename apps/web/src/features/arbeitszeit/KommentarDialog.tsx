import { Button, Group, Modal, Stack, Text, Textarea } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { dialogSubmit } from "../../components/form/dialogSubmit.ts";
import { fieldErrorMessage } from "../../components/form/fieldErrors.ts";

/**
 * A step that takes a comment (return or reopen a month — comment required —, refuse or approve a request): the
 * comment, then the step. The dialog stays open when the step fails (its caller toasts the reason).
 */
export function KommentarDialog({
  titel,
  text,
  bestaetigen,
  pflicht = false,
  farbe,
  onClose,
  onBestaetigt,
}: {
  titel: string;
  text?: string;
  bestaetigen: string;
  pflicht?: boolean;
  farbe?: string;
  onClose: () => void;
  onBestaetigt: (kommentar: string) => Promise<void>;
}) {
  const { t } = useTranslation(["arbeitszeit", "crud", "common"]);
  const [kommentar, setKommentar] = useState("");
  const [fehler, setFehler] = useState<string | null>(null);
  const [sendet, setSendet] = useState(false);
  const absenden = async () => {
    if (pflicht && kommentar.trim() === "") {
      setFehler(fieldErrorMessage("required"));
      return;
    }
    setSendet(true);
    try {
      await onBestaetigt(kommentar.trim());
      onClose();
    } catch {
      // the caller has said why
    } finally {
      setSendet(false);
    }
  };
  return (
    <Modal opened onClose={onClose} title={titel}>
      <form
        onSubmit={dialogSubmit((event) => {
          event.preventDefault();
          void absenden();
        })}
        noValidate
      >
        <Stack gap="sm">
          {text && <Text size="sm">{text}</Text>}
          <Textarea
            label={t("aktion.kommentar")}
            withAsterisk={pflicht}
            autosize
            minRows={2}
            maxLength={500}
            data-autofocus
            value={kommentar}
            error={fehler}
            onChange={(event) => {
              setKommentar(event.currentTarget.value);
              setFehler(null);
            }}
          />
          <Group justify="flex-end" gap="sm" mt="sm">
            <Button variant="default" onClick={onClose}>
              {t("crud:action.cancel")}
            </Button>
            <Button type="submit" loading={sendet} color={farbe}>
              {bestaetigen}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
