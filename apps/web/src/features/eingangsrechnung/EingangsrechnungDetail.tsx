import type { TEingangsrechnung } from "@kontor/domain/erechnung/eingang.schema";
import type { TRechnung } from "@kontor/domain/erechnung/rechnung.schema";
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
} from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate, useParams } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useShellAccess } from "../../app/shell/useShellAccess.ts";
import { fetchDatei } from "../../components/anhang/fetchDatei.ts";
import { useConfirm } from "../../components/dialogs/ConfirmDialog.tsx";
import { notifyFailure, notifySuccess } from "../../components/feedback/notify.ts";
import { saveBlob } from "../../components/files/files.ts";
import {
  BackLink,
  EditLoadFailed,
  EditLoading,
  NOT_FOUND,
  parseSlug,
} from "../../components/form/EditStates.tsx";
import { formatDateTime } from "../../components/format/format.ts";
import { IconTrash } from "../../components/icons.tsx";
import { useProblemMessage } from "../../components/problemMessage.ts";
import { StatusBadge } from "./EingangsrechnungList.tsx";
import {
  EINGANG_LIST_PATH,
  eingangKeys,
  eingangQuery,
  kundePfad,
  loeschen,
  statusSetzen,
} from "./eingangsrechnung.api.ts";
import {
  bedingungenLesen,
  betragText,
  datum,
  einheitName,
  kontoText,
  landName,
  notizLesen,
  prozent,
  skontoDatum,
  zahlGenau,
} from "./eingangsrechnung.format.ts";

type Partei = TRechnung["verkaeufer"];
type Adresse = Partei["adresse"];

/** A label and its value in a block (left out when there is no value). */
function Angabe({ label, children }: { label: string; children: ReactNode }) {
  if (children === undefined || children === null || children === "") return null;
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: "anywhere" }}>
        {children}
      </Text>
    </div>
  );
}

/** A titled block of the invoice (a region named by its title). */
function Block({ titel, children }: { titel: string; children: ReactNode }) {
  const id = `eingang-${titel.replace(/\W+/g, "-").toLowerCase()}`;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" mb="sm" id={id}>
        {titel}
      </Title>
      {children}
    </Paper>
  );
}

function AdresseText({ adresse }: { adresse: Adresse }) {
  const { i18n } = useTranslation();
  const ort = [adresse.plz, adresse.ort].filter(Boolean).join(" ");
  return (
    <>
      {[adresse.zeile1, adresse.zeile2, ort, landName(adresse.land, i18n.language)]
        .filter(Boolean)
        .map((zeile) => (
          <div key={zeile}>{zeile}</div>
        ))}
    </>
  );
}

/** Seller or buyer: name, address, VAT id and the other identifiers, contact. */
function ParteiBlock({ titel, partei }: { titel: string; partei: Partei }) {
  const { t } = useTranslation("eingangsrechnung", { keyPrefix: "detail" });
  const kontakt = partei.kontakt;
  const elektronisch = partei.elektronischeAdresse;
  return (
    <Block titel={titel}>
      <Stack gap="xs">
        <Text fw={600}>{partei.name}</Text>
        <Angabe label={t("handelsname")}>{partei.handelsname}</Angabe>
        <Text size="sm" component="div">
          <AdresseText adresse={partei.adresse} />
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
          <Angabe label={t("uid")}>{partei.uid}</Angabe>
          <Angabe label={t("steuernummer")}>{partei.steuernummer}</Angabe>
          <Angabe label={t("registernummer")}>{partei.registernummer}</Angabe>
          <Angabe label={t("kennung")}>{partei.kennung}</Angabe>
          <Angabe label={t("elektronischeAdresse")}>
            {elektronisch &&
              (elektronisch.schema === "EM"
                ? elektronisch.wert
                : `${elektronisch.schema}:${elektronisch.wert}`)}
          </Angabe>
        </SimpleGrid>
        {kontakt && (
          <Angabe label={t("kontakt")}>
            {[kontakt.name, kontakt.telefon && `${t("telefon")} ${kontakt.telefon}`, kontakt.email]
              .filter(Boolean)
              .map((zeile) => (
                <div key={zeile}>{zeile}</div>
              ))}
          </Angabe>
        )}
      </Stack>
    </Block>
  );
}

function ZahlungBlock({ r, faellig }: { r: TRechnung; faellig: string | null }) {
  const { t } = useTranslation("eingangsrechnung");
  const z = r.zahlung;
  const bedingungen = bedingungenLesen(z?.bedingungen);
  const art = z
    ? t(`zahlungsart.${z.artCode}`, { defaultValue: "" }) || t("zahlungsart.andere", { code: z.artCode })
    : "";
  return (
    <Block titel={t("detail.zahlung")}>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
        <Angabe label={t("detail.zahlungsart")}>{art}</Angabe>
        <Angabe label={t("detail.faellig")}>{datum(faellig)}</Angabe>
        <Angabe label={t("detail.iban")}>
          {z?.konto && <span style={{ whiteSpace: "nowrap" }}>{kontoText(z.konto.iban)}</span>}
        </Angabe>
        <Angabe label={t("detail.bic")}>{z?.konto?.bic}</Angabe>
        <Angabe label={t("detail.inhaber")}>{z?.konto?.inhaber}</Angabe>
        <Angabe label={t("detail.verwendungszweck")}>{z?.verwendungszweck}</Angabe>
      </SimpleGrid>
      {bedingungen.length > 0 && (
        <Stack gap={2} mt="xs">
          <Text size="xs" c="dimmed">
            {t("detail.bedingungen")}
          </Text>
          {bedingungen.map((b, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the lines of one text, in their order
            <Text size="sm" key={i}>
              {b.art === "text"
                ? b.text
                : [
                    t("detail.skontoBis", {
                      prozent: prozent(b.prozent),
                      tage: b.tage,
                      datum: datum(skontoDatum(r.datum, b.tage)),
                    }),
                    b.basis ? t("detail.skontoBasis", { basis: betragText(b.basis, r.waehrung) }) : "",
                  ]
                    .filter(Boolean)
                    .join(" ")}
            </Text>
          ))}
        </Stack>
      )}
    </Block>
  );
}

function Kategorie({ kategorie, satz }: { kategorie: string; satz: string }) {
  const { t } = useTranslation("eingangsrechnung");
  return (
    <Tooltip label={t(`kategorie.${kategorie}` as "kategorie.S")} openDelay={300}>
      <span style={{ whiteSpace: "nowrap" }}>
        {kategorie} {prozent(satz)}
      </span>
    </Tooltip>
  );
}

function Positionen({ r }: { r: TRechnung }) {
  const { t, i18n } = useTranslation("eingangsrechnung");
  const w = r.waehrung;
  const rechts = { textAlign: "right", whiteSpace: "nowrap" } as const;
  return (
    <Block titel={t("detail.positionen")}>
      <Table.ScrollContainer minWidth={760}>
        <Table striped verticalSpacing="xs" fz="sm" aria-label={t("detail.positionen")}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("detail.pos")}</Table.Th>
              <Table.Th>{t("detail.bezeichnung")}</Table.Th>
              <Table.Th style={rechts}>{t("detail.menge")}</Table.Th>
              <Table.Th style={rechts}>{t("detail.preis")}</Table.Th>
              <Table.Th style={rechts}>{t("detail.abschlag")}</Table.Th>
              <Table.Th style={rechts}>{t("detail.netto")}</Table.Th>
              <Table.Th style={rechts}>{t("detail.steuer")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {r.positionen.map((p) => (
              <Table.Tr key={p.id}>
                <Table.Td>{p.id}</Table.Td>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {p.name}
                  </Text>
                  {p.beschreibung && (
                    <Text size="xs" c="dimmed" style={{ whiteSpace: "pre-line" }}>
                      {p.beschreibung}
                    </Text>
                  )}
                  {p.notiz && (
                    <Text size="xs" c="dimmed" fs="italic">
                      {p.notiz}
                    </Text>
                  )}
                  {p.artikelNummer && (
                    <Text size="xs" c="dimmed">
                      {t("detail.artikelNummer", { nummer: p.artikelNummer })}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td style={rechts}>
                  {zahlGenau(p.menge)} {einheitName(p.einheit, i18n.language)}
                </Table.Td>
                <Table.Td style={rechts}>
                  {betragText(p.preis, w)}
                  {p.preisBasisMenge && p.preisBasisMenge !== "1" && (
                    <Text size="xs" c="dimmed">
                      {t("detail.preisJe", {
                        menge: `${zahlGenau(p.preisBasisMenge)} ${einheitName(p.einheit, i18n.language)}`,
                      })}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td style={rechts}>
                  {p.abschlag && (
                    <>
                      {betragText(p.abschlag.betrag, w)}
                      {(p.abschlag.prozent || p.abschlag.grund) && (
                        <Text size="xs" c="dimmed">
                          {[p.abschlag.prozent && prozent(p.abschlag.prozent), p.abschlag.grund]
                            .filter(Boolean)
                            .join(" · ")}
                        </Text>
                      )}
                    </>
                  )}
                </Table.Td>
                <Table.Td style={rechts}>{betragText(p.netto, w)}</Table.Td>
                <Table.Td style={rechts}>
                  <Kategorie kategorie={p.kategorie} satz={p.satz} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Block>
  );
}

function Abschlaege({ r }: { r: TRechnung }) {
  const { t } = useTranslation("eingangsrechnung", { keyPrefix: "detail" });
  if (r.abschlaege.length === 0) return null;
  const rechts = { textAlign: "right", whiteSpace: "nowrap" } as const;
  return (
    <Block titel={t("abschlaege")}>
      <Table.ScrollContainer minWidth={560}>
        <Table verticalSpacing="xs" fz="sm" aria-label={t("abschlaege")}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("grund")}</Table.Th>
              <Table.Th style={rechts}>{t("basis")}</Table.Th>
              <Table.Th style={rechts}>{t("prozent")}</Table.Th>
              <Table.Th style={rechts}>{t("steuer")}</Table.Th>
              <Table.Th style={rechts}>{t("betrag")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {r.abschlaege.map((a, i) => {
              const zuschlag = a.betrag.startsWith("-");
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: allowances have no id; their order is the file's
                <Table.Tr key={i}>
                  <Table.Td>
                    <Badge size="xs" variant="light" color={zuschlag ? "orange" : "teal"} tt="none" mr={6}>
                      {t(zuschlag ? "zuschlag" : "nachlass")}
                    </Badge>
                    {a.grund ?? a.grundCode}
                  </Table.Td>
                  <Table.Td style={rechts}>{a.basis ? betragText(a.basis, r.waehrung) : ""}</Table.Td>
                  <Table.Td style={rechts}>{a.prozent ? prozent(a.prozent) : ""}</Table.Td>
                  <Table.Td style={rechts}>
                    <Kategorie kategorie={a.kategorie} satz={a.satz} />
                  </Table.Td>
                  <Table.Td style={rechts}>
                    {betragText(zuschlag ? a.betrag.slice(1) : a.betrag, r.waehrung)}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Block>
  );
}

function Steuern({ r }: { r: TRechnung }) {
  const { t } = useTranslation("eingangsrechnung");
  const rechts = { textAlign: "right", whiteSpace: "nowrap" } as const;
  return (
    <Block titel={t("detail.steuern")}>
      <Table.ScrollContainer minWidth={520}>
        <Table verticalSpacing="xs" fz="sm" aria-label={t("detail.steuern")}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("detail.kategorie")}</Table.Th>
              <Table.Th style={rechts}>{t("detail.satz")}</Table.Th>
              <Table.Th style={rechts}>{t("detail.bemessung")}</Table.Th>
              <Table.Th style={rechts}>{t("detail.steuerbetrag")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {r.steuern.map((s) => (
              <Table.Tr key={`${s.kategorie}-${s.satz}`}>
                <Table.Td>
                  {s.kategorie} – {t(`kategorie.${s.kategorie}` as "kategorie.S")}
                  {(s.befreiungsGrund || s.befreiungsCode) && (
                    <Text size="xs" c="dimmed">
                      {[s.befreiungsGrund, s.befreiungsCode].filter(Boolean).join(" · ")}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td style={rechts}>{prozent(s.satz)}</Table.Td>
                <Table.Td style={rechts}>{betragText(s.basis, r.waehrung)}</Table.Td>
                <Table.Td style={rechts}>{betragText(s.betrag, r.waehrung)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Block>
  );
}

function Summen({ r }: { r: TRechnung }) {
  const { t } = useTranslation("eingangsrechnung", { keyPrefix: "detail" });
  const s = r.summen;
  const zeilen: [string, string | undefined, boolean][] = [
    ["BT-106", s.positionen, false],
    ["BT-107", s.abschlaege, false],
    ["BT-109", s.netto, false],
    ["BT-110", s.steuer, false],
    ["BT-112", s.brutto, true],
    ["BT-113", s.vorausbezahlt, false],
    ["BT-114", s.rundung, false],
    ["BT-115", s.zahlbar, true],
  ];
  const namen: Record<string, string> = {
    "BT-106": t("summe.positionen"),
    "BT-107": t("summe.abschlaege"),
    "BT-109": t("summe.netto"),
    "BT-110": t("summe.steuer"),
    "BT-112": t("summe.brutto"),
    "BT-113": t("summe.vorausbezahlt"),
    "BT-114": t("summe.rundung"),
    "BT-115": t("summe.zahlbar"),
  };
  return (
    <Block titel={t("summen")}>
      <Table verticalSpacing={4} fz="sm" aria-label={t("summen")} maw={520} ml="auto">
        <Table.Tbody>
          {zeilen
            .filter(([, wert]) => wert !== undefined)
            .map(([bt, wert, stark]) => (
              <Table.Tr key={bt} fw={stark ? 700 : undefined} data-bt={bt}>
                <Table.Th fw={stark ? 700 : 400}>
                  {namen[bt]}{" "}
                  <Text span size="xs" c="dimmed">
                    {bt}
                  </Text>
                </Table.Th>
                <Table.Td style={{ textAlign: "right", whiteSpace: "nowrap" }}>
                  {betragText(wert!, r.waehrung)}
                </Table.Td>
              </Table.Tr>
            ))}
        </Table.Tbody>
      </Table>
    </Block>
  );
}

function Kopf({ e }: { e: TEingangsrechnung }) {
  const { t } = useTranslation("eingangsrechnung", { keyPrefix: "detail" });
  const r = e.rechnung;
  const groesse = `${Math.max(1, Math.round(e.groesse / 1024))} KB`;
  return (
    <Block titel={t("rechnung")}>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
        <Angabe label={t("lieferant")}>
          <Anchor component={Link} to={kundePfad(e.lieferant.id)} size="sm">
            {e.lieferant.anzeigename}
          </Anchor>
        </Angabe>
        <Angabe label={t("nummer")}>{r.nummer}</Angabe>
        <Angabe label={t("datum")}>{datum(r.datum)}</Angabe>
        <Angabe label={t("faellig")}>{datum(e.faelligAm)}</Angabe>
        <Angabe label={t("kaeuferReferenz")}>{r.kaeuferReferenz}</Angabe>
        <Angabe label={t("bestellReferenz")}>{r.bestellReferenz}</Angabe>
        <Angabe label={t("vorgaenger")}>
          {r.vorgaenger &&
            (r.vorgaenger.datum
              ? t("vorgaengerVom", { nummer: r.vorgaenger.nummer, datum: datum(r.vorgaenger.datum) })
              : r.vorgaenger.nummer)}
        </Angabe>
        <Angabe label={t("lieferdatum")}>{datum(r.lieferung?.datum)}</Angabe>
        <Angabe label={t("zeitraum")}>
          {r.zeitraum && t("zeitraumWert", { von: datum(r.zeitraum.von), bis: datum(r.zeitraum.bis) })}
        </Angabe>
        <Angabe label={t("waehrung")}>{r.waehrung === "EUR" ? undefined : r.waehrung}</Angabe>
        <Angabe label={t("format")}>{e.format}</Angabe>
        <Angabe label={t("datei")}>{`${e.dateiname} (${groesse})`}</Angabe>
        <Angabe label={t("eingelesen")}>
          {t("vonAm", { datum: formatDateTime(e.erstelltAm), wer: e.erstelltVon ?? "—" })}
        </Angabe>
        <Angabe label={t("geprueft")}>
          {e.geprueftAm && t("vonAm", { datum: formatDateTime(e.geprueftAm), wer: e.geprueftVon ?? "—" })}
        </Angabe>
      </SimpleGrid>
      {r.lieferung?.adresse && (
        <Angabe label={t("lieferort")}>
          {r.lieferung.name && <div>{r.lieferung.name}</div>}
          <AdresseText adresse={r.lieferung.adresse} />
        </Angabe>
      )}
    </Block>
  );
}

function Aktionen({ e }: { e: TEingangsrechnung }) {
  const { t } = useTranslation("eingangsrechnung");
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const problemMessage = useProblemMessage();
  const { confirm, dialog } = useConfirm();
  const ausloggen = () => void navigate({ to: "/login", replace: true });

  const bearbeiten = useShellAccess().can("belegListCreate");
  const herunterladen = useMutation({
    mutationFn: async () => {
      const datei = await fetchDatei(`eingangsrechnung/${e.id}/datei`, ausloggen);
      saveBlob(datei.blob, datei.name ?? e.dateiname);
    },
    onError: (error) => notifyFailure(t("aktion.fehlgeschlagen"), problemMessage(error)),
  });
  const status = useMutation({
    mutationFn: (neu: "entwurf" | "geprueft") => statusSetzen(e.id, neu),
    onSuccess: (neu) => {
      queryClient.setQueryData(eingangKeys.eine(e.id), neu);
      void queryClient.invalidateQueries({ queryKey: eingangKeys.liste() });
      notifySuccess(t(neu.status === "geprueft" ? "aktion.geprueft" : "aktion.entwurfGesetzt"));
    },
    onError: (error) => notifyFailure(t("aktion.fehlgeschlagen"), problemMessage(error)),
  });
  const entfernen = useMutation({
    mutationFn: () => loeschen(e.id),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: eingangKeys.eine(e.id) });
      void queryClient.invalidateQueries({ queryKey: eingangKeys.liste() });
      notifySuccess(t("aktion.geloescht"));
      void navigate({ to: EINGANG_LIST_PATH });
    },
    onError: (error) => notifyFailure(t("aktion.fehlgeschlagen"), problemMessage(error)),
  });

  const fragen = async () => {
    const ja = await confirm({
      title: t("aktion.loeschenFrage"),
      message: t("aktion.loeschenText", { nummer: e.nummer, lieferant: e.lieferant.anzeigename }),
      confirmLabel: t("aktion.loeschen"),
      danger: true,
    });
    if (ja) entfernen.mutate();
  };

  return (
    <Group gap="sm">
      <Button variant="default" onClick={() => herunterladen.mutate()} loading={herunterladen.isPending}>
        {t("aktion.herunterladen")}
      </Button>
      {!bearbeiten ? null : e.status === "entwurf" ? (
        <Button onClick={() => status.mutate("geprueft")} loading={status.isPending} color="green">
          {t("aktion.pruefen")}
        </Button>
      ) : (
        <Button variant="default" onClick={() => status.mutate("entwurf")} loading={status.isPending}>
          {t("aktion.entwurf")}
        </Button>
      )}
      {bearbeiten && e.status === "entwurf" && (
        <Button
          variant="light"
          color="red"
          leftSection={<IconTrash size={16} />}
          onClick={() => void fragen()}
          loading={entfernen.isPending}
        >
          {t("aktion.loeschen")}
        </Button>
      )}
      {dialog}
    </Group>
  );
}

/** The invoice once loaded: title, actions, header, parties, payment, lines, allowances, VAT, totals, notes. */
export function EingangsrechnungAnsicht({ e }: { e: TEingangsrechnung }) {
  const { t } = useTranslation("eingangsrechnung");
  const r = e.rechnung;
  return (
    <Stack gap="md">
      <BackLink to={EINGANG_LIST_PATH} />
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4}>
          <Title order={1}>{t("detail.titel", { art: t(`art.${r.art}`), nummer: r.nummer })}</Title>
          <Group gap="xs">
            <StatusBadge status={e.status} />
            <Badge variant="outline" color="gray" tt="none">
              {e.format}
            </Badge>
            <Text size="sm" c="dimmed">
              {e.lieferant.anzeigename} · {betragText(r.summen.zahlbar, r.waehrung)}
            </Text>
          </Group>
        </Stack>
        <Aktionen e={e} />
      </Group>
      {r.art === "381" && (
        <Alert color="orange" variant="light">
          {t("detail.gutschrift")}
        </Alert>
      )}
      <Kopf e={e} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <ParteiBlock titel={t("detail.verkaeufer")} partei={r.verkaeufer} />
        <ParteiBlock titel={t("detail.kaeufer")} partei={r.kaeufer} />
      </SimpleGrid>
      <ZahlungBlock r={r} faellig={e.faelligAm} />
      <Positionen r={r} />
      <Abschlaege r={r} />
      <Steuern r={r} />
      <Summen r={r} />
      {r.notizen.length > 0 && (
        <Block titel={t("detail.notizen")}>
          <Stack gap="xs">
            {r.notizen.map((notiz, i) => {
              const { code, text } = notizLesen(notiz);
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: notes have no id; their order is the file's
                <Group key={i} gap="xs" wrap="nowrap" align="flex-start">
                  {code && (
                    <Badge size="xs" variant="light" color="gray" tt="none">
                      {code}
                    </Badge>
                  )}
                  <Text size="sm" style={{ whiteSpace: "pre-line", overflowWrap: "anywhere" }}>
                    {text}
                  </Text>
                </Group>
              );
            })}
          </Stack>
        </Block>
      )}
    </Stack>
  );
}

/** /eingangsrechnung/{id} (issue 19): one incoming invoice as a clerk reads it, with download, check and delete. */
export function EingangsrechnungDetail() {
  const { slug = "" } = useParams({ strict: false });
  const id = parseSlug(slug, false);
  const query = useQuery({
    ...eingangQuery(typeof id === "number" ? id : 0),
    enabled: typeof id === "number",
  });
  if (typeof id !== "number") return <EditLoadFailed error={NOT_FOUND} backTo={EINGANG_LIST_PATH} />;
  if (query.isPending) return <EditLoading />;
  if (query.isError) return <EditLoadFailed error={query.error} backTo={EINGANG_LIST_PATH} />;
  return <EingangsrechnungAnsicht e={query.data} />;
}
