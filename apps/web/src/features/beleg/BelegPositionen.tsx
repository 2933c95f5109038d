import type { TArtikelZeile } from "@kontor/domain/artikel/artikel.api";
import { gueltigerPreis } from "@kontor/domain/artikel/artikel.preis";
import type { PositionSumme } from "@kontor/domain/beleg/beleg.totals";
import { toNumber } from "@kontor/domain/money/decimal";
import {
  ActionIcon,
  Button,
  Group,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
  VisuallyHidden,
} from "@mantine/core";
import { type DragEvent, type KeyboardEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { NumberField } from "../../components/form/NumberField.tsx";
import "./beleg.css";
import { notifyFailure } from "../../components/feedback/notify.ts";
import { MoneyInput } from "../../components/form/MoneyInput.tsx";
import { PercentInput } from "../../components/form/PercentInput.tsx";
import { formatMoney, formatQuantity } from "../../components/format/format.ts";
import { IconPlus, IconTrash } from "../../components/icons.tsx";
import { useProblemMessage } from "../../components/problemMessage.ts";
import { ArtikelSearchField } from "../artikel/quick/ArtikelSearchField.tsx";
import { artikelLaden } from "./beleg.api.ts";
import { type BelegForm, neuePosition, type PositionValues, verschiebe } from "./beleg.form.ts";

/** Types whose positions are shipped or billed later: their rows show the quantity still open. */
const OFFEN_TYPEN: readonly string[] = [
  "angebot",
  "auftragsbestaetigung",
  "lieferschein",
  "proformarechnung",
];

/** What the rows take over from the customer when an article is picked. */
export interface PositionKunde {
  preisschieneId: number | null;
  rabattVorschlag: number;
}

/**
 * The positions (SPEC §3 Document position): per row the article quick search (with QR scan) — picking one takes
 * its name, the price valid on the document date for the customer's price tier (gueltigerPreis), its VAT rate and
 * the customer's discount suggestion —, or a free text; quantity, unit price, VAT %, discounts; the line net from
 * the totals. Enter in the last row adds a row and focuses it; rows move by dragging the handle or with the
 * up/down buttons; a new row gets the highest number + 1.
 */
export function BelegPositionen({
  form,
  readOnly,
  zeilenSummen,
  kunde,
  standardMwst,
}: {
  form: BelegForm;
  readOnly: boolean;
  /** The line nets of the live totals, by row. */
  zeilenSummen: readonly PositionSumme[];
  kunde: PositionKunde;
  /** The tenant's default VAT rate for a free row. */
  standardMwst: number | undefined;
}) {
  const { t } = useTranslation("beleg");
  const problemMessage = useProblemMessage();
  const values = form.getValues();
  const positionen = values.belegspositionSet;
  // The row whose article search gets the focus once it is drawn (a row added by Enter or the button).
  const [fokusKey, setFokusKey] = useState<string | null>(null);
  const [ziehe, setZiehe] = useState<number | null>(null);
  const tabelle = useRef<HTMLTableSectionElement>(null);

  useEffect(() => {
    if (fokusKey === null) return;
    const zeile = tabelle.current?.querySelector<HTMLElement>(`[data-row-key="${fokusKey}"]`);
    zeile?.querySelector<HTMLInputElement>("input")?.focus();
    setFokusKey(null);
  }, [fokusKey]);

  const hinzufuegen = () => {
    const neu = neuePosition(form.getValues().belegspositionSet, {
      positionsMwst: standardMwst ?? "",
    });
    form.insertListItem("belegspositionSet", neu);
    setFokusKey(neu.key);
  };

  const bewegen = (von: number, nach: number) => {
    form.setFieldValue("belegspositionSet", verschiebe(form.getValues().belegspositionSet, von, nach));
  };

  /** Enter never submits from a row; in the last row it adds the next one. */
  const enter = (index: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== "Enter" || event.nativeEvent.isComposing) return;
    event.preventDefault();
    if (index === form.getValues().belegspositionSet.length - 1) hinzufuegen();
  };

  const artikelGewaehlt = async (index: number, zeile: TArtikelZeile | null) => {
    const pfad = `belegspositionSet.${index}` as const;
    if (zeile === null) {
      form.setFieldValue(`${pfad}.artikel`, null);
      return;
    }
    form.setFieldValue(`${pfad}.artikel`, {
      id: zeile.id,
      artikelNummer: zeile.artikelNummer,
      artikelBezeichnung: zeile.artikelBezeichnung,
    });
    form.setFieldValue(`${pfad}.positionsBeschreibung`, zeile.artikelBezeichnung);
    form.setFieldValue(`${pfad}.positionsMwst`, zeile.mwst);
    if (zeile.preis !== null) form.setFieldValue(`${pfad}.positionsPreis`, zeile.preis);
    try {
      const artikel = await artikelLaden(zeile.id);
      const preis = gueltigerPreis(
        artikel.artikelPreisSet,
        form.getValues().belegDatum,
        kunde.preisschieneId,
      );
      const rabattierFaehig = artikel.rabattierFaehig !== false;
      form.setFieldValue(`${pfad}.artikel`, {
        id: zeile.id,
        artikelNummer: zeile.artikelNummer,
        artikelBezeichnung: zeile.artikelBezeichnung,
        rabattierFaehig,
      });
      form.setFieldValue(`${pfad}.positionsPreis`, preis ? preis.preis : "");
      if (artikel.mehrwertssteuer?.mwst !== undefined)
        form.setFieldValue(`${pfad}.positionsMwst`, artikel.mehrwertssteuer.mwst);
      form.setFieldValue(`${pfad}.artikelRabatt`, rabattierFaehig ? kunde.rabattVorschlag : 0);
    } catch (error) {
      notifyFailure(t("position.artikelFehler"), problemMessage(error));
    }
  };

  const ziehen = {
    start: (index: number) => (event: DragEvent) => {
      event.dataTransfer.effectAllowed = "move";
      event.dataTransfer.setData("text/plain", String(index));
      setZiehe(index);
    },
    ueber: (event: DragEvent) => {
      if (ziehe === null) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = "move";
    },
    ablegen: (index: number) => (event: DragEvent) => {
      event.preventDefault();
      if (ziehe !== null) bewegen(ziehe, index);
      setZiehe(null);
    },
    ende: () => setZiehe(null),
  };

  return (
    <Stack gap="sm">
      <Table.ScrollContainer minWidth={900}>
        <Table verticalSpacing={6} horizontalSpacing={6} aria-label={t("position.tabelle")}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={64}>
                <VisuallyHidden>{t("position.verschieben")}</VisuallyHidden>
              </Table.Th>
              <Table.Th w={44}>{t("position.nr")}</Table.Th>
              <Table.Th>{t("position.artikelBeschreibung")}</Table.Th>
              <Table.Th w={90}>{t("position.menge")}</Table.Th>
              <Table.Th w={120}>{t("position.preis")}</Table.Th>
              <Table.Th w={80}>{t("position.mwst")}</Table.Th>
              <Table.Th w={80}>{t("position.artikelRabatt")}</Table.Th>
              <Table.Th w={80}>{t("position.rabatt")}</Table.Th>
              <Table.Th w={110} ta="right">
                {t("position.netto")}
              </Table.Th>
              <Table.Th w={40}>
                <VisuallyHidden>{t("position.aktionen")}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody ref={tabelle}>
            {positionen.map((position, index) => (
              <PositionZeile
                key={position.key}
                form={form}
                position={position}
                index={index}
                anzahl={positionen.length}
                readOnly={readOnly}
                zeigeOffen={OFFEN_TYPEN.includes(values.belegsTyp)}
                netto={zeilenSummen[index]?.netto ?? null}
                gezogen={ziehe === index}
                onEnter={enter(index)}
                onArtikel={(zeile) => void artikelGewaehlt(index, zeile)}
                onBewegen={(nach) => bewegen(index, nach)}
                onEntfernen={() => form.removeListItem("belegspositionSet", index)}
                drag={{
                  onDragStart: ziehen.start(index),
                  onDragOver: ziehen.ueber,
                  onDrop: ziehen.ablegen(index),
                  onDragEnd: ziehen.ende,
                }}
              />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {positionen.length === 0 && (
        <Text c="dimmed" size="sm">
          {t("position.keine")}
        </Text>
      )}
      {!readOnly && (
        <Group>
          <Button variant="light" leftSection={<IconPlus size={16} />} onClick={hinzufuegen}>
            {t("position.hinzufuegen")}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

function PositionZeile({
  form,
  position,
  index,
  anzahl,
  readOnly,
  zeigeOffen,
  netto,
  gezogen,
  onEnter,
  onArtikel,
  onBewegen,
  onEntfernen,
  drag,
}: {
  form: BelegForm;
  position: PositionValues;
  index: number;
  anzahl: number;
  readOnly: boolean;
  /** Show the quantity still open (documents that are shipped or billed later). */
  zeigeOffen: boolean;
  netto: PositionSumme["netto"];
  gezogen: boolean;
  onEnter: (event: KeyboardEvent<HTMLInputElement>) => void;
  onArtikel: (zeile: TArtikelZeile | null) => void;
  onBewegen: (nach: number) => void;
  onEntfernen: () => void;
  drag: {
    onDragStart: (event: DragEvent) => void;
    onDragOver: (event: DragEvent) => void;
    onDrop: (event: DragEvent) => void;
    onDragEnd: () => void;
  };
}) {
  const { t } = useTranslation("beleg");
  const pfad = `belegspositionSet.${index}` as const;
  const nr = position.positionsNummer;
  const artikelWert = position.artikel
    ? ({
        id: position.artikel.id,
        artikelNummer: position.artikel.artikelNummer ?? "",
        artikelBezeichnung: position.artikel.artikelBezeichnung ?? position.positionsBeschreibung,
      } as TArtikelZeile)
    : null;
  const zahl = (feld: "positionsMenge" | "positionsPreis") => form.getInputProps(`${pfad}.${feld}`);
  return (
    <Table.Tr
      data-row-key={position.key}
      onDragOver={drag.onDragOver}
      onDrop={drag.onDrop}
      style={gezogen ? { opacity: 0.4 } : undefined}
    >
      <Table.Td>
        <Group gap={0} wrap="nowrap">
          {!readOnly && (
            <span
              draggable
              onDragStart={drag.onDragStart}
              onDragEnd={drag.onDragEnd}
              title={t("position.ziehen")}
              aria-hidden="true"
              style={{ cursor: "grab", padding: "0 4px", color: "var(--mantine-color-dimmed)" }}
            >
              ⠿
            </span>
          )}
          <Stack gap={0} display={readOnly ? "none" : undefined}>
            <ActionIcon
              size="xs"
              variant="subtle"
              color="gray"
              aria-label={t("position.hoch", { nr })}
              disabled={readOnly || index === 0}
              onClick={() => onBewegen(index - 1)}
            >
              ▲
            </ActionIcon>
            <ActionIcon
              size="xs"
              variant="subtle"
              color="gray"
              aria-label={t("position.runter", { nr })}
              disabled={readOnly || index === anzahl - 1}
              onClick={() => onBewegen(index + 1)}
            >
              ▼
            </ActionIcon>
          </Stack>
        </Group>
      </Table.Td>
      <Table.Td>
        <Text size="sm" fw={600} data-testid="positionsNummer">
          {nr}
        </Text>
      </Table.Td>
      <Table.Td>
        <Stack gap={4} className="beleg-artikel-feld">
          <ArtikelSearchField
            label={t("position.artikelLabel", { nr })}
            placeholder={t("position.artikelPlaceholder")}
            value={artikelWert}
            onChange={onArtikel}
            withQrScan
            disabled={readOnly}
            allowCreate={!readOnly}
          />
          <TextInput
            aria-label={t("position.beschreibungLabel", { nr })}
            placeholder={t("position.beschreibung")}
            {...form.getInputProps(`${pfad}.positionsBeschreibung`)}
            onKeyDown={onEnter}
            readOnly={readOnly}
          />
        </Stack>
      </Table.Td>
      <Table.Td>
        <NumberField
          aria-label={t("position.mengeLabel", { nr })}
          maxDecimals={3}
          {...zahl("positionsMenge")}
          onKeyDown={onEnter}
          readOnly={readOnly}
          description={
            zeigeOffen && position.stillOpenAmount !== null && position.id !== undefined
              ? t("position.offen", { menge: formatQuantity(position.stillOpenAmount) })
              : undefined
          }
        />
      </Table.Td>
      <Table.Td>
        <MoneyInput
          aria-label={t("position.preisLabel", { nr })}
          maxDecimals={4}
          {...zahl("positionsPreis")}
          onKeyDown={onEnter}
          readOnly={readOnly}
        />
      </Table.Td>
      <Table.Td>
        <PercentInput
          aria-label={t("position.mwstLabel", { nr })}
          {...form.getInputProps(`${pfad}.positionsMwst`)}
          onKeyDown={onEnter}
          readOnly={readOnly}
        />
      </Table.Td>
      <Table.Td>
        <PercentInput
          aria-label={t("position.artikelRabattLabel", { nr })}
          {...form.getInputProps(`${pfad}.artikelRabatt`)}
          onKeyDown={onEnter}
          readOnly={readOnly}
          disabled={position.artikel?.rabattierFaehig === false}
        />
      </Table.Td>
      <Table.Td>
        <PercentInput
          aria-label={t("position.rabattLabel", { nr })}
          {...form.getInputProps(`${pfad}.rabatt`)}
          onKeyDown={onEnter}
          readOnly={readOnly}
        />
      </Table.Td>
      <Table.Td ta="right">
        <Text size="sm" ff="monospace" aria-label={t("position.nettoLabel", { nr })}>
          {netto === null ? "–" : formatMoney(toNumber(netto))}
        </Text>
      </Table.Td>
      <Table.Td>
        {!readOnly && (
          <Tooltip label={t("position.entfernen", { nr })} withArrow openDelay={400}>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t("position.entfernen", { nr })}
              onClick={onEntfernen}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
