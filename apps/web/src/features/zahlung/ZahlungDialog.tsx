import { todayIso } from "@kontor/domain/date/calendar";
import { compare, dec, sub, toNumber } from "@kontor/domain/money/decimal";
import { type TZahlungsart, ZAHLUNGSARTEN } from "@kontor/domain/zahlung/zahlung.codes";
import {
  type SkontoAngebot,
  skontoOffen,
  summe,
  type ZahlungFehler,
  zahlungVerteilen,
} from "@kontor/domain/zahlung/zahlung.rules";
import type { TZahlung } from "@kontor/domain/zahlung/zahlung.schema";
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
} from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../app/api.ts";
import { useSession } from "../../app/session.ts";
import { DateInput } from "../../components/form/DateInput.tsx";
import { dialogSubmit } from "../../components/form/dialogSubmit.ts";
import { fieldErrorMessage } from "../../components/form/fieldErrors.ts";
import { MoneyInput } from "../../components/form/MoneyInput.tsx";
import { formatDate, formatMoney, formatPercent } from "../../components/format/format.ts";
import { useProblemMessage } from "../../components/problemMessage.ts";
import { saldoQuery, zahlungBuchen } from "./zahlung.api.ts";

/** An open document the dialog settles. */
export interface DialogPosten {
  id: number;
  belegNummer: string | null;
  restbetrag: number;
  skontoStufen: readonly SkontoAngebot[];
  /** The customer (all documents of one payment are theirs): their credit can pay. */
  kunde: { id: number } | null;
}

const ISO = /^\d{4}-\d{2}-\d{2}$/;

/**
 * "Zahlung erfassen" (issue 17): one payment over the chosen open documents of one customer — date (today), amount
 * (prefilled with what is open), means, comment. The split is previewed with the rules the server applies
 * (zahlungVerteilen): each document's share, the skonto when the amount meets a step still open, what stays open.
 * A skonto step still open is offered ("Betrag mit Skonto übernehmen"); an amount beyond what is open is saved only
 * when kept as the customer's credit. When the customer has credit from earlier overpayments, "Guthaben" pays
 * from it (at most the credit; no money comes in). POST zahlung; problems the server names are shown at their place.
 */
export function ZahlungDialog({
  posten,
  onClose,
  onGebucht,
}: {
  posten: readonly DialogPosten[];
  onClose: () => void;
  onGebucht: (zahlung: TZahlung) => void;
}) {
  const { t } = useTranslation("beleg", { keyPrefix: "zahlung" });
  const { t: tc } = useTranslation("crud");
  const problemMessage = useProblemMessage();
  const offenSumme = toNumber(summe(posten.map((p) => p.restbetrag)));
  const [datum, setDatum] = useState(todayIso());
  const [betrag, setBetrag] = useState<number | "">(offenSumme);
  const [art, setArt] = useState<TZahlungsart>("bank");
  const [kommentar, setKommentar] = useState("");
  const [guthaben, setGuthaben] = useState(false);
  const [sendet, setSendet] = useState(false);
  const [serverFehler, setServerFehler] = useState<string[]>([]);
  const { mandantId } = useSession();
  const kundeId = posten[0]?.kunde?.id ?? null;
  const saldo = useQuery({
    ...saldoQuery(mandantId ?? 0, kundeId),
    enabled: mandantId !== null && kundeId !== null,
  });
  const verfuegbar = saldo.data?.guthaben ?? 0;
  const arten = ZAHLUNGSARTEN.filter((wert) => wert !== "guthaben" || verfuegbar > 0 || art === wert);

  const datumGueltig = ISO.test(datum) && datum <= todayIso();
  const tag = datumGueltig ? datum : todayIso();
  /** With the best skonto step still open on the day: what each document needs, and the total. */
  const mitSkonto = posten.map((p) => skontoOffen(p.skontoStufen, tag)[0] ?? null);
  const skontoSumme = summe(posten.map((p, i) => mitSkonto[i]?.zahlbetrag ?? p.restbetrag));
  const skontoMoeglich = mitSkonto.some((stufe) => stufe !== null);

  const vorschau = useMemo(
    () =>
      betrag === "" || betrag <= 0
        ? null
        : zahlungVerteilen(posten, { zahlungsDatum: tag, betrag, ueberzahlung: true }),
    [posten, tag, betrag],
  );
  const ueberzahlung = vorschau ? toNumber(vorschau.ueberzahlung) : 0;
  const zuordnung = new Map(vorschau?.zuordnungen.map((z) => [z.id, z]) ?? []);

  const meldung = (fehler: ZahlungFehler | { field: string; code: string; min?: number; max?: number }) => {
    if (fehler.code === "overpayment" && fehler.max !== undefined)
      return t("dialog.fehler.overpayment", { betrag: formatMoney(fehler.max) });
    if (fehler.code === "min" && fehler.field === "betrag" && fehler.min !== undefined)
      return t("dialog.fehler.min", { betrag: formatMoney(fehler.min) });
    if (fehler.code === "guthaben" && fehler.max !== undefined)
      return t("dialog.fehler.guthaben", { betrag: formatMoney(fehler.max) });
    if (fehler.code === "required" && fehler.field.startsWith("belegSet"))
      return t("dialog.fehler.nichtErreicht");
    return fieldErrorMessage(fehler.code, fehler);
  };
  const zeilenFehler = (index: number) =>
    vorschau?.fehler.filter((f) => f.field.startsWith(`belegSet.${index}.`)).map(meldung) ?? [];
  const betragFehler =
    betrag === "" || betrag <= 0
      ? t("dialog.fehler.betrag")
      : art === "guthaben" && betrag > verfuegbar
        ? t("dialog.fehler.guthaben", { betrag: formatMoney(verfuegbar) })
        : art === "guthaben" && ueberzahlung > 0
          ? t("dialog.fehler.overpayment", { betrag: formatMoney(offenSumme) })
          : ueberzahlung > 0 && !guthaben
            ? t("dialog.fehler.ueberzahlungBestaetigen")
            : null;
  const datumFehler = !ISO.test(datum)
    ? fieldErrorMessage("pattern")
    : datum > todayIso()
      ? fieldErrorMessage("future")
      : null;
  const speicherbar =
    !sendet &&
    datumFehler === null &&
    betragFehler === null &&
    vorschau !== null &&
    vorschau.fehler.length === 0;

  const speichern = async () => {
    if (!speicherbar || betrag === "") return;
    setSendet(true);
    setServerFehler([]);
    try {
      const zahlung = await zahlungBuchen({
        zahlungsDatum: datum,
        betrag,
        zahlungsart: art,
        kommentar: kommentar.trim() || null,
        belegSet: posten.map((p) => ({ id: p.id })),
        ueberzahlung: ueberzahlung > 0 && guthaben,
      });
      onGebucht(zahlung);
    } catch (error) {
      if (isApiError(error) && error.fieldErrors.length > 0)
        setServerFehler(
          error.fieldErrors.map((f) => {
            const index = /^belegSet\.(\d+)\./.exec(f.field)?.[1];
            const nummer = index === undefined ? null : posten[Number(index)]?.belegNummer;
            return `${nummer ? `${nummer}: ` : ""}${meldung(f)}`;
          }),
        );
      else setServerFehler([problemMessage(error)]);
    } finally {
      setSendet(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title={t("dialog.titel")} size="xl">
      <form
        onSubmit={dialogSubmit((event) => {
          event.preventDefault();
          void speichern();
        })}
      >
        <Stack gap="md">
          <Group gap="sm" align="flex-start" wrap="wrap">
            <DateInput
              label={t("dialog.datum")}
              w={150}
              required
              value={datum}
              onChange={setDatum}
              error={datumFehler}
            />
            <MoneyInput
              label={t("dialog.betrag")}
              w={180}
              required
              min={0}
              value={betrag}
              onChange={(wert) => setBetrag(typeof wert === "number" ? wert : "")}
              error={betrag === "" || betrag <= 0 || art === "guthaben" ? betragFehler : null}
            />
            <Stack gap={4}>
              <Text size="sm" fw={500} id="zahlungsart-label">
                {t("dialog.art")}
              </Text>
              <SegmentedControl
                aria-labelledby="zahlungsart-label"
                value={art}
                onChange={(wert) => {
                  setArt(wert as TZahlungsart);
                  // From credit: at most the credit and what is open.
                  if (wert === "guthaben") setBetrag(Math.min(verfuegbar, offenSumme));
                }}
                data={arten.map((wert) => ({ value: wert, label: t(`art.${wert}`) }))}
              />
              {verfuegbar > 0 && (
                <Text size="xs" c="dimmed" data-testid="guthaben-verfuegbar">
                  {t("dialog.guthabenVerfuegbar", { betrag: formatMoney(verfuegbar) })}
                </Text>
              )}
            </Stack>
          </Group>
          <TextInput
            label={t("dialog.kommentar")}
            maxLength={500}
            value={kommentar}
            onChange={(event) => setKommentar(event.currentTarget.value)}
          />

          {skontoMoeglich && (
            <Alert color="teal" variant="light" title={t("dialog.skontoTitel")} data-testid="skonto-hinweis">
              <Stack gap={6}>
                {posten.map((p, i) => {
                  const stufe = mitSkonto[i];
                  if (!stufe) return null;
                  return (
                    <Text size="sm" key={p.id}>
                      {t("dialog.skontoZeile", {
                        beleg: p.belegNummer ?? "",
                        prozent: formatPercent(stufe.prozent),
                        datum: formatDate(stufe.datum),
                        betrag: formatMoney(stufe.zahlbetrag),
                        skonto: formatMoney(stufe.skonto),
                      })}
                    </Text>
                  );
                })}
                <Group>
                  <Button
                    size="xs"
                    variant="light"
                    color="teal"
                    onClick={() => setBetrag(toNumber(skontoSumme))}
                    disabled={betrag !== "" && compare(dec(betrag), skontoSumme) === 0}
                  >
                    {t("dialog.skontoUebernehmen", { betrag: formatMoney(toNumber(skontoSumme)) })}
                  </Button>
                </Group>
              </Stack>
            </Alert>
          )}

          <Table striped withTableBorder aria-label={t("dialog.verteilung")}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("dialog.beleg")}</Table.Th>
                <Table.Th ta="right">{t("dialog.offen")}</Table.Th>
                <Table.Th ta="right">{t("dialog.anteil")}</Table.Th>
                <Table.Th ta="right">{t("dialog.skonto")}</Table.Th>
                <Table.Th ta="right">{t("dialog.rest")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {posten.map((p, index) => {
                const z = zuordnung.get(p.id);
                const anteil = z ? toNumber(z.betrag) : 0;
                const skonto = z ? toNumber(z.skonto) : 0;
                const rest = toNumber(sub(sub(dec(p.restbetrag), dec(anteil)), dec(skonto)));
                const fehler = zeilenFehler(index);
                return (
                  <Table.Tr key={p.id} data-testid="verteilung-zeile">
                    <Table.Td>
                      {p.belegNummer}
                      {fehler.map((text) => (
                        <Text key={text} size="xs" c="red">
                          {text}
                        </Text>
                      ))}
                    </Table.Td>
                    <Table.Td ta="right">{formatMoney(p.restbetrag)}</Table.Td>
                    <Table.Td ta="right">{formatMoney(anteil)}</Table.Td>
                    <Table.Td ta="right">
                      {skonto === 0 ? "" : `${formatMoney(skonto)} (${formatPercent(z?.skontoProzent ?? 0)})`}
                    </Table.Td>
                    <Table.Td ta="right">{formatMoney(rest)}</Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr>
                <Table.Th>{t("dialog.summe")}</Table.Th>
                <Table.Th ta="right">{formatMoney(offenSumme)}</Table.Th>
                <Table.Th ta="right">
                  {formatMoney(toNumber(summe(vorschau?.zuordnungen.map((z) => toNumber(z.betrag)) ?? [])))}
                </Table.Th>
                <Table.Th ta="right">
                  {formatMoney(toNumber(summe(vorschau?.zuordnungen.map((z) => toNumber(z.skonto)) ?? [])))}
                </Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Tfoot>
          </Table>

          {ueberzahlung > 0 && art !== "guthaben" && (
            <Alert color="yellow" variant="light" data-testid="ueberzahlung-hinweis">
              <Stack gap="xs">
                <Text size="sm">
                  {t("dialog.ueberzahlungHinweis", { betrag: formatMoney(ueberzahlung) })}
                </Text>
                <Checkbox
                  label={t("dialog.ueberzahlung", { betrag: formatMoney(ueberzahlung) })}
                  checked={guthaben}
                  onChange={(event) => setGuthaben(event.currentTarget.checked)}
                />
              </Stack>
            </Alert>
          )}

          {serverFehler.length > 0 && (
            <Alert color="red" role="alert" title={t("dialog.fehlerTitel")}>
              {serverFehler.map((text) => (
                <Text key={text} size="sm">
                  {text}
                </Text>
              ))}
            </Alert>
          )}

          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {tc("action.cancel")}
            </Button>
            <Button type="submit" loading={sendet} disabled={!speicherbar}>
              {t("dialog.speichern")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
