import { bearbeitbar, belegStatus, type TBelegsTyp } from "@kontor/domain/beleg/beleg.codes";
import { duplizieren } from "@kontor/domain/beleg/beleg.rules";
import type { TBeleg } from "@kontor/domain/beleg/beleg.schema";
import { belegSummen, kategorieAusMwst, mwstKategorie } from "@kontor/domain/beleg/beleg.totals";
import { todayIso } from "@kontor/domain/date/calendar";
import type { TKundeZeile } from "@kontor/domain/kunde/kunde.api";
import { toNumber } from "@kontor/domain/money/decimal";
import { Alert, Anchor, Badge, Group, Stack, Text } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useLocation, useParams } from "@tanstack/react-router";
import type { TFunction } from "i18next";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSession } from "../../app/session.ts";
import { useShellAccess } from "../../app/shell/useShellAccess.ts";
import { AggregateEditPage } from "../../components/form/AggregateEditPage.tsx";
import { EditLoadFailed, EditLoading, NOT_FOUND, parseSlug } from "../../components/form/EditStates.tsx";
import { useAggregateEdit, useStoredRecord } from "../../components/form/useAggregateEdit.ts";
import { formatMoney } from "../../components/format/format.ts";
import { mehrwertssteuernQuery } from "../artikel/artikel.api.ts";
import { myMandantsQuery } from "../mandant/mandant.queries.ts";
import { BelegSummen } from "./BelegSummen.tsx";
import { belegDetailQuery, belegtext3Laden, kundeQuery, saveBeleg } from "./beleg.api.ts";
import {
  BELEG_TAB_TABELLE,
  type BelegValues,
  belegFromForm,
  belegToForm,
  fehlendeBelegFelder,
  gemerkterTyp,
  neuerBelegForm,
  pflichtFelder,
  typMerken,
} from "./beleg.form.ts";
import { feldLabel } from "./beleg.labels.ts";
import { BELEG_LIST_PATH, belegEditPath, belegKeys, STATUS_FARBE } from "./beleg.resource.ts";

/* The other parts load right after the screen (all panels stay mounted, so they load at once, not on a click). */
const ladeTabs = () => import("./beleg.tabs.tsx");
const ladeTeile = () => import("./beleg.teile.tsx");
const BelegKopf = lazy(async () => ({ default: (await ladeTeile()).BelegKopf }));
const BelegPositionen = lazy(async () => ({ default: (await ladeTeile()).BelegPositionen }));
const BelegTexte = lazy(async () => ({ default: (await ladeTabs()).BelegTexte }));
const BelegFelder = lazy(async () => ({ default: (await ladeTabs()).BelegFelder }));
const BelegHistorie = lazy(async () => ({ default: (await ladeTabs()).BelegHistorie }));
const BelegAktionen = lazy(async () => ({ default: (await ladeTabs()).BelegAktionen }));
/* The payments of a finalized invoice (issue 17): their own chunk, loaded when such a document shows. */
const BelegZahlungen = lazy(async () => ({
  default: (await import("../zahlung/BelegZahlungen.tsx")).BelegZahlungen,
}));

/** The parts of /beleg/{slug}/edit/{edit}/{duplicate} (SPEC §2); /beleg/{slug} alone edits too. */
export function belegPfad(pathname: string): { slug: string; ansicht: boolean; duplikat: boolean } | null {
  const treffer = /\/beleg\/([^/]+)(?:\/edit\/(true|false)\/(true|false))?\/?$/.exec(pathname);
  if (!treffer) return null;
  return { slug: treffer[1] ?? "", ansicht: treffer[2] === "false", duplikat: treffer[3] === "true" };
}

/**
 * /beleg/{slug}/edit/{edit}/{duplicate}: slug "new" creates (the tenant's remembered type, default rechnung), an
 * id edits (edit "false" only shows it), duplicate "true" opens a copy of the stored document as a new unsaved
 * draft. A new path mounts a fresh form.
 */
export function BelegEdit() {
  const { slug: param = "" } = useParams({ strict: false });
  const { pathname } = useLocation();
  const pfad = belegPfad(pathname) ?? { slug: param, ansicht: false, duplikat: false };
  const id = parseSlug(pfad.slug, !pfad.duplikat);
  if (id === null) return <EditLoadFailed error={NOT_FOUND} backTo={BELEG_LIST_PATH} />;
  if (id === "new") return <NeuerBeleg key="new" />;
  if (pfad.duplikat) return <BelegDuplizieren key={`dup-${id}`} id={id} />;
  return <GespeicherterBeleg key={`${id}-${pfad.ansicht}`} id={id} ansicht={pfad.ansicht} />;
}

function NeuerBeleg() {
  const { mandantId } = useSession();
  const [initial] = useState(() => neuerBelegForm(gemerkterTyp(mandantId), todayIso()));
  return <BelegFormular initial={initial} />;
}

const duplikatForm = (beleg: TBeleg) => belegToForm(duplizieren(beleg, todayIso()));

function BelegDuplizieren({ id }: { id: number }) {
  const { error, initial, record } = useStoredRecord(belegDetailQuery(id), duplikatForm);
  if (error) return <EditLoadFailed error={error} backTo={BELEG_LIST_PATH} />;
  if (initial === null) return <EditLoading />;
  return <BelegFormular initial={initial} duplikatVon={record} />;
}

function GespeicherterBeleg({ id, ansicht }: { id: number; ansicht: boolean }) {
  const { error, initial, record } = useStoredRecord(belegDetailQuery(id), belegToForm);
  if (error) return <EditLoadFailed error={error} backTo={BELEG_LIST_PATH} />;
  if (!record || initial === null) return <EditLoading />;
  return <BelegFormular initial={initial} record={record} ansicht={ansicht} />;
}

export function BelegFormular({
  initial,
  record,
  duplikatVon,
  ansicht = false,
}: {
  initial: BelegValues;
  record?: TBeleg | undefined;
  duplikatVon?: TBeleg | undefined;
  /** Opened to look at only (edit "false"). */
  ansicht?: boolean;
}) {
  const { t } = useTranslation(["beleg", "crud", "validation"]);
  const tb = t as unknown as TFunction<"beleg">;
  const { mandantId } = useSession();
  const access = useShellAccess();
  const queryClient = useQueryClient();
  // The stored document as the cache has it: finalizing or saving puts the answer there.
  const gespeichert = useQuery({ ...belegDetailQuery(initial.id ?? 0), enabled: false }).data;
  const aktuell = initial.id === undefined ? undefined : (gespeichert ?? record);
  const schreiben = !access.ready || access.can("belegListCreate");
  const readOnly = (aktuell !== undefined && !bearbeitbar(aktuell)) || ansicht || !schreiben;

  const edit = useAggregateEdit({
    ns: "beleg",
    initial,
    tabelle: BELEG_TAB_TABELLE,
    pflichtFelder,
    fehlendeFelder: fehlendeBelegFelder,
    readOnly,
    speichern: (values) => saveBeleg(belegFromForm(values)),
    toForm: belegToForm,
    keys: belegKeys,
    listPath: BELEG_LIST_PATH,
    editPath: (id) => belegEditPath(id),
  });
  const { form, values } = edit;
  const stored = aktuell ?? undefined;

  const kunde = useQuery({ ...kundeQuery(values.kunde?.id ?? 0), enabled: values.kunde !== null });
  const kundeDaten = values.kunde !== null ? kunde.data : undefined;
  const sprache: "de" | "en" = kundeDaten?.belegLangKey === "en" ? "en" : "de";

  // The VAT category: a finalized document keeps the one it was computed in; a draft follows tenant and customer
  // as the server's save does (the tenant's small-business flag from GET mandants/all; until it is there, the
  // stored VAT lines tell: only that flag makes category E).
  const gespeicherteKategorie = kategorieAusMwst((stored ?? duplikatVon)?.belegMwstSet);
  const meineMandanten = useQuery(myMandantsQuery);
  const kleinunternehmer =
    meineMandanten.data?.find((m) => m.id === mandantId)?.kleinunternehmer ?? gespeicherteKategorie === "E";
  const kategorie =
    stored && (!bearbeitbar(stored) || stored.belegsTyp === "storno")
      ? gespeicherteKategorie
      : mwstKategorie({ kleinunternehmer }, kundeDaten, { reverseCharge: values.reverseCharge }).kategorie;
  const summen = belegSummen(values, { kategorie });

  /** The line about the document this one was made from (GET belegtext3), in the customer's language. */
  const ursprungId = stored?.ursprungsBeleg?.id ?? null;
  const bezugstext = async () => {
    if (ursprungId === null) return;
    try {
      const { text } = await belegtext3Laden(ursprungId, sprache, form.getValues().belegsTyp);
      form.setFieldValue("belegstext3", text);
    } catch {
      // The text stays as it is.
    }
  };
  // The payment text follows the term: a new choice drops an own text, so the new term's sentence shows (made in
  // BelegTexte from the term, the date and the totals as they are — never stored with an amount that can go stale).
  const vorigesZiel = useRef(values.zahlungsziel);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a changed term resets the text
  useEffect(() => {
    if (vorigesZiel.current === values.zahlungsziel) return;
    vorigesZiel.current = values.zahlungsziel;
    if (!readOnly) form.setFieldValue("belegstext2", "");
  }, [values.zahlungsziel]);

  const onTyp = (typ: TBelegsTyp) => {
    form.setFieldValue("belegsTyp", typ);
    typMerken(mandantId, typ);
  };

  /** A customer was picked: its terms, language and addresses fill the header. */
  const onKunde = async (zeile: TKundeZeile | null) => {
    form.setFieldValue("kunde", zeile ? { id: zeile.id, anzeigename: zeile.anzeigename } : null);
    form.setFieldValue("adresse", "");
    form.setFieldValue("fahrzeug", "");
    if (!zeile) return;
    form.clearFieldError("kunde");
    try {
      const daten = await queryClient.fetchQuery(kundeQuery(zeile.id));
      const ref = (wert: { id: number } | null | undefined) => (wert ? String(wert.id) : "");
      form.setFieldValue("zahlungsziel", ref(daten.zahlungsziel));
      form.setFieldValue("lieferbedingung", ref(daten.lieferbedingung));
      form.setFieldValue("zahlungsbedingung", ref(daten.zahlungsbedingung));
      form.setFieldValue("kaeuferReferenz", daten.kaeuferReferenz ?? "");
    } catch {
      // The customer stays chosen; its terms can be chosen by hand.
    }
  };

  const status = stored ? belegStatus(stored) : "entwurf";
  const typName = tb(`typ.${values.belegsTyp}`);
  const mwstSaetze = useQuery(mehrwertssteuernQuery);
  const standardMwst = (mwstSaetze.data?.find((satz) => satz.defaultMwst) ?? mwstSaetze.data?.[0])?.mwst;

  return (
    <AggregateEditPage
      edit={edit}
      name={stored ? typName : ""}
      nummer={stored?.belegNummer}
      neuTitel={
        duplikatVon
          ? tb("edit.titleDuplicate", { name: duplikatVon.belegNummer ?? tb(`typ.${duplikatVon.belegsTyp}`) })
          : tb("edit.titleNew", { typ: typName })
      }
      kopf={
        <Badge color={STATUS_FARBE[status]} variant="light" size="lg" data-testid="beleg-status">
          {tb(`status.${status}`)}
        </Badge>
      }
      hinweise={
        <Stack gap="sm">
          {stored?.storniert && (
            <Alert color="red" title={tb("hinweis.storniertTitel")} data-testid="storno-hinweis">
              {tb("hinweis.storniert", { nummer: stored.stornoRechnungsnummer ?? "" })}
            </Alert>
          )}
          {stored?.ursprungsBeleg?.id && (
            <Text size="sm">
              {tb(stored.belegsTyp === "storno" ? "hinweis.storniertVon" : "hinweis.ursprung")}{" "}
              <Anchor component={Link} to={belegEditPath(stored.ursprungsBeleg.id)}>
                {tb(`typ.${stored.ursprungsBeleg.belegsTyp}`)}{" "}
                {stored.ursprungsBeleg.belegNummer ?? tb("hinweis.entwurf")}
              </Anchor>
            </Text>
          )}
          {readOnly && stored && !bearbeitbar(stored) && (
            <Text size="sm" c="dimmed" data-testid="readonly-hinweis">
              {tb("hinweis.finalisiert")}
            </Text>
          )}
          {sprache === "en" && (
            <Alert color="blue" variant="light" data-testid="englisch-hinweis">
              {tb("hinweis.englisch")}
            </Alert>
          )}
          {stored?.id !== undefined && (
            <Suspense fallback={null}>
              <BelegAktionen
                record={stored as TBeleg & { id: number }}
                edit={{
                  values,
                  dirty: form.isDirty(),
                  speicherbar: edit.fehlend.length === 0,
                  uebernehmen: edit.uebernehmen,
                  zeigeFeld: edit.zeigeFeld,
                }}
                schreiben={schreiben && !ansicht}
              />
            </Suspense>
          )}
        </Stack>
      }
      feldLabel={(path) =>
        feldLabel(tb, path, (index) => form.getValues().belegspositionSet[index]?.positionsNummer)
      }
      tabs={[
        {
          value: "beleg",
          label: t("tab.beleg"),
          sperrbar: true,
          content: (
            <Stack gap="lg">
              <BelegKopf
                form={form}
                kunde={kundeDaten}
                stored={stored !== undefined}
                readOnly={readOnly}
                onTyp={onTyp}
                onKunde={onKunde}
              />
              <BelegPositionen
                form={form}
                readOnly={readOnly}
                zeilenSummen={summen.positionen}
                kunde={{
                  preisschieneId: kundeDaten?.preisschiene?.id ?? null,
                  rabattVorschlag: kundeDaten?.rabattVorschlag ?? 0,
                }}
                standardMwst={standardMwst}
              />
              {values.belegsTyp === "gutschrift" && toNumber(summen.brutto) < 0 && (
                <Alert color="red" variant="light" role="alert" data-testid="gutschrift-negativ">
                  {t("validation:negativeCredit")}
                </Alert>
              )}
              <Group justify="flex-end">
                <BelegSummen values={values} kategorie={kategorie} />
              </Group>
            </Stack>
          ),
        },
        {
          value: "texte",
          label: t("tab.texte"),
          sperrbar: true,
          content: (
            <BelegTexte
              form={form}
              readOnly={readOnly}
              sprache={sprache}
              brutto={toNumber(summen.brutto)}
              onBezugstext={ursprungId === null ? undefined : () => void bezugstext()}
            />
          ),
        },
        {
          value: "felder",
          label: t("tab.felder"),
          sperrbar: true,
          content: <BelegFelder form={form} belegsTyp={values.belegsTyp} />,
        },
        // Payments (issue 17): a tab of its own, not locked with the finalized document's inputs.
        stored?.id !== undefined &&
          stored.freigabe &&
          (stored.belegsTyp === "rechnung" || stored.zahlungList.length > 0) && {
            value: "zahlungen",
            label:
              (stored.restbetrag ?? 0) > 0
                ? tb("tab.zahlungenOffen", { betrag: formatMoney(stored.restbetrag ?? 0) })
                : tb("tab.zahlungen"),
            content: <BelegZahlungen record={stored as TBeleg & { id: number }} />,
          },
        stored?.id !== undefined && {
          value: "historie",
          label: t("tab.historie"),
          content: <BelegHistorie id={stored.id} />,
        },
      ]}
    />
  );
}
