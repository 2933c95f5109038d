import type { TBeleg } from "@kontor/domain/beleg/beleg.schema";
import { Button, Checkbox, Group, Modal, Stack, Table, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../app/api.ts";
import { notifyFailure } from "../../components/feedback/notify.ts";
import { fieldErrorMessage } from "../../components/form/fieldErrors.ts";
import { NumberField } from "../../components/form/NumberField.tsx";
import { formatQuantity } from "../../components/format/format.ts";
import { useProblemMessage } from "../../components/problemMessage.ts";
import { liefern } from "./beleg.api.ts";

interface Zeile {
  id: number;
  nr: number | undefined;
  beschreibung: string;
  offen: number;
  /** The quantity; "" when empty; the typed text while the field refuses it (then nothing can be sent). */
  menge: number | string;
  abschliessen: boolean;
}

/** The rows that can still be shipped: positions with an id, their open quantity (the whole quantity if unknown). */
export function lieferZeilen(beleg: Pick<TBeleg, "belegspositionSet">): Zeile[] {
  return beleg.belegspositionSet.flatMap((position) => {
    if (position.id === undefined || position.positionsPreis === null) return [];
    const offen = position.stillOpenAmount ?? position.positionsMenge ?? 0;
    return [
      {
        id: position.id,
        nr: position.positionsNummer,
        beschreibung: position.positionsBeschreibung ?? position.artikel?.artikelBezeichnung ?? "",
        offen,
        menge: offen > 0 ? offen : 0,
        abschliessen: position.teilversandFinalize,
      },
    ];
  });
}

/**
 * Ship / partial delivery (SPEC §4): per position the quantity still open and an input for what is shipped now
 * (at most the open quantity), and "complete" to close a position whatever is left; POST beleg/{id}/lieferung
 * makes the delivery note draft.
 */
export function LieferungDialog({
  beleg,
  onClose,
  onGeliefert,
}: {
  beleg: TBeleg & { id: number };
  onClose: () => void;
  onGeliefert: (lieferschein: TBeleg) => void;
}) {
  const { t } = useTranslation(["beleg", "crud"]);
  const problemMessage = useProblemMessage();
  const [zeilen, setZeilen] = useState<Zeile[]>(() => lieferZeilen(beleg));
  const [fehler, setFehler] = useState<Record<number, string>>({});
  const [sendet, setSendet] = useState(false);
  const aendern = (index: number, teil: Partial<Zeile>) =>
    setZeilen((vorher) => vorher.map((zeile, i) => (i === index ? { ...zeile, ...teil } : zeile)));

  const gewaehlt = zeilen
    .map((zeile, index) => ({ zeile, index }))
    .filter(({ zeile }) => (typeof zeile.menge === "number" && zeile.menge > 0) || zeile.abschliessen);
  const unlesbar = zeilen.some((zeile) => typeof zeile.menge === "string" && zeile.menge.trim() !== "");

  const absenden = async () => {
    setSendet(true);
    setFehler({});
    try {
      const lieferschein = await liefern(
        beleg.id,
        gewaehlt.map(({ zeile }) => ({
          id: zeile.id,
          menge: typeof zeile.menge === "number" ? zeile.menge : 0,
          abschliessen: zeile.abschliessen,
        })),
      );
      onGeliefert(lieferschein);
    } catch (error) {
      if (isApiError(error) && error.fieldErrors.length > 0) {
        const neu: Record<number, string> = {};
        for (const feld of error.fieldErrors) {
          const treffer = /^positionen\.(\d+)\.menge$/.exec(feld.field);
          const eintrag = treffer ? gewaehlt[Number(treffer[1])] : undefined;
          if (eintrag) neu[eintrag.index] = fieldErrorMessage(feld.code, feld);
        }
        setFehler(neu);
      }
      notifyFailure(t("lieferung.fehler"), problemMessage(error));
    } finally {
      setSendet(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title={t("lieferung.titel")} size="xl">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t("lieferung.hinweis")}
        </Text>
        <Table aria-label={t("lieferung.titel")}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={50}>{t("position.nr")}</Table.Th>
              <Table.Th>{t("position.beschreibung")}</Table.Th>
              <Table.Th w={100} ta="right">
                {t("lieferung.offen")}
              </Table.Th>
              <Table.Th w={130}>{t("lieferung.menge")}</Table.Th>
              <Table.Th w={130}>{t("lieferung.abschliessen")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {zeilen.map((zeile, index) => (
              <Table.Tr key={zeile.id}>
                <Table.Td>{zeile.nr}</Table.Td>
                <Table.Td>{zeile.beschreibung}</Table.Td>
                <Table.Td ta="right" data-testid="offen">
                  {formatQuantity(zeile.offen)}
                </Table.Td>
                <Table.Td>
                  <NumberField
                    aria-label={t("lieferung.mengeLabel", { nr: zeile.nr, name: zeile.beschreibung })}
                    maxDecimals={3}
                    min={0}
                    max={zeile.offen}
                    value={zeile.menge}
                    onChange={(wert) => aendern(index, { menge: wert })}
                    error={fehler[index]}
                  />
                </Table.Td>
                <Table.Td>
                  <Checkbox
                    label={t("lieferung.fertig")}
                    aria-label={t("lieferung.abschliessenLabel", { nr: zeile.nr, name: zeile.beschreibung })}
                    checked={zeile.abschliessen}
                    onChange={(event) => aendern(index, { abschliessen: event.currentTarget.checked })}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {zeilen.length === 0 && <Text c="dimmed">{t("lieferung.nichtsOffen")}</Text>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t("crud:action.cancel")}
          </Button>
          <Button onClick={absenden} loading={sendet} disabled={gewaehlt.length === 0 || unlesbar}>
            {t("lieferung.erstellen")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
