import type { TLangKey } from "@kontor/domain/auth/auth.schema";
import { anzeigename } from "@kontor/domain/kunde/kunde.rules";
import type { TKunde } from "@kontor/domain/kunde/kunde.schema";
import { Badge } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useParams, useSearch } from "@tanstack/react-router";
import { lazy } from "react";
import { useTranslation } from "react-i18next";
import { useShellAccess } from "../../app/shell/useShellAccess.ts";
import { AggregateEditPage } from "../../components/form/AggregateEditPage.tsx";
import { EditLoadFailed, EditLoading, NOT_FOUND, parseSlug } from "../../components/form/EditStates.tsx";
import { zodValidate } from "../../components/form/fieldErrors.ts";
import { useAggregateEdit, useStoredRecord } from "../../components/form/useAggregateEdit.ts";
import { felddefinitionenQuery, kundeDetailQuery, saveKunde, zahlungszieleQuery } from "./kunde.api.ts";
import {
  fehlendeFelder,
  KUNDE_TAB_TABELLE,
  type KundeValues,
  kundeFromForm,
  kundeToForm,
  neuerKundeForm,
  pflichtFelder,
} from "./kunde.form.ts";
import { feldLabel } from "./kunde.labels.ts";
import { KUNDE_LIST_PATH, kundeEditPath, kundeKeys } from "./kunde.resource.ts";

/*
 * The shared save schema (ZKundeSpeichern: SPEC §5 rules, contact e-mail, VAT id, lengths) loads with the screen
 * but not in its first load (DESIGN §9); a submit waits for it. The save rules themselves (speichernBlockiert) are
 * in the first load: they decide whether the save button is enabled.
 */
let validator: ((values: unknown) => Record<string, string>) | null = null;
const ladeValidierung = async () => {
  if (!validator)
    validator = zodValidate((await import("@kontor/domain/kunde/kunde.schema")).ZKundeSpeichern);
  return validator;
};

/* The other tabs load right after the screen (all panels stay mounted, so they load at once, not on a click). */
const ladeTabs = () => import("./kunde.tabs.tsx");
// The first tab too is its own chunk (DESIGN §9 route budget), fetched at once with this screen: no waterfall.
const stammdatenChunk = import("./KundeStammdaten.tsx");
const KundeStammdaten = lazy(async () => ({ default: (await stammdatenChunk).KundeStammdaten }));
const KundeAdressen = lazy(async () => ({ default: (await ladeTabs()).KundeAdressen }));
const KundeKonditionen = lazy(async () => ({ default: (await ladeTabs()).KundeKonditionen }));
const KundeKontakte = lazy(async () => ({ default: (await ladeTabs()).KundeKontakte }));
const KundeFahrzeuge = lazy(async () => ({ default: (await ladeTabs()).KundeFahrzeuge }));
const KundeFelder = lazy(async () => ({ default: (await ladeTabs()).KundeFelder }));
const KundeDateien = lazy(async () => ({ default: (await ladeTabs()).KundeDateien }));
const KundeCrm = lazy(async () => ({ default: (await ladeTabs()).KundeCrm }));

/** /kunde/{slug}: "new" creates (`?lieferant=true`: a supplier), an id edits; a new slug mounts a fresh form. */
export function KundeEdit() {
  const { slug = "" } = useParams({ strict: false });
  const search = useSearch({ strict: false }) as { lieferant?: unknown };
  const lieferant = search.lieferant === true || search.lieferant === "true";
  const id = parseSlug(slug, true);
  if (id === null) return <EditLoadFailed error={NOT_FOUND} backTo={KUNDE_LIST_PATH} />;
  if (id === "new") return <NeuerKunde key={`new-${lieferant}`} lieferant={lieferant} />;
  return <GespeicherterKunde key={slug} id={id} />;
}

/** A new customer starts with the tenant's default payment term and the field definitions' default values. */
function NeuerKunde({ lieferant }: { lieferant: boolean }) {
  const zahlungsziele = useQuery(zahlungszieleQuery);
  const felddefinitionen = useQuery(felddefinitionenQuery);
  // Without them (a failed call) the form still works: no default term, no field defaults.
  if (zahlungsziele.isPending || felddefinitionen.isPending) return <EditLoading />;
  const standard = zahlungsziele.data?.find((ziel) => ziel.defaultZahlungsziel);
  const initial = neuerKundeForm({
    lieferant,
    zahlungsziel: standard?.id !== undefined ? { id: standard.id } : null,
    felddefinitionen: felddefinitionen.data ?? [],
  });
  return <KundeFormular initial={initial} />;
}

function GespeicherterKunde({ id }: { id: number }) {
  const { error, initial, record } = useStoredRecord(kundeDetailQuery(id), kundeToForm);
  if (error) return <EditLoadFailed error={error} backTo={KUNDE_LIST_PATH} />;
  if (!record || initial === null) return <EditLoading />;
  return <KundeFormular initial={initial} record={record} />;
}

function KundeFormular({ initial, record }: { initial: KundeValues; record?: TKunde }) {
  const { t, i18n } = useTranslation(["kunde", "crud"]);
  const access = useShellAccess();
  const felddefinitionen = useQuery(felddefinitionenQuery);
  const edit = useAggregateEdit({
    ns: "kunde",
    initial,
    tabelle: KUNDE_TAB_TABELLE,
    pflichtFelder,
    fehlendeFelder,
    validierung: { laden: ladeValidierung, pruefen: (values) => validator?.(kundeFromForm(values)) ?? {} },
    speichern: (values) => saveKunde(kundeFromForm(values)),
    toForm: kundeToForm,
    keys: kundeKeys,
    listPath: KUNDE_LIST_PATH,
    editPath: kundeEditPath,
  });
  const { form, values } = edit;
  const sprache: TLangKey = i18n.resolvedLanguage === "en" ? "en" : "de";
  const feldName = (index: number) => {
    const id = values.kundeFelder[index]?.felddefinitionId;
    return felddefinitionen.data?.find((definition) => definition.id === id)?.bezeichnung;
  };

  return (
    <AggregateEditPage
      edit={edit}
      name={anzeigename(values, sprache)}
      nummer={record?.kundenNummer}
      neuTitel={t(values.lieferant ? "edit.titleNewLieferant" : "edit.titleNewKunde")}
      kopf={
        <>
          {values.lieferant && (
            <Badge variant="light" color="grape">
              {t("field.lieferant")}
            </Badge>
          )}
          {!values.aktiv && (
            <Badge variant="light" color="gray">
              {t("list.deaktiviert")}
            </Badge>
          )}
        </>
      }
      feldLabel={(path) => feldLabel(t, path, feldName)}
      tabs={[
        { value: "stammdaten", label: t("tab.stammdaten"), content: <KundeStammdaten form={form} /> },
        { value: "adressen", label: t("tab.adressen"), content: <KundeAdressen form={form} /> },
        { value: "konditionen", label: t("tab.konditionen"), content: <KundeKonditionen form={form} /> },
        { value: "kontakte", label: t("tab.kontakte"), content: <KundeKontakte form={form} /> },
        access.can("kundeFahrzeuge") && {
          value: "fahrzeuge",
          label: t("tab.fahrzeuge"),
          content: <KundeFahrzeuge form={form} />,
        },
        { value: "felder", label: t("tab.felder"), content: <KundeFelder form={form} /> },
        access.can("kundePdf") &&
          edit.id !== undefined && {
            value: "dateien",
            label: t("tab.dateien"),
            content: <KundeDateien kundeId={edit.id} />,
          },
        access.can("kundeCrm") && {
          value: "crm",
          label: t("tab.crm"),
          content: <KundeCrm form={form} blockiert={edit.fehlend.length > 0} onAdd={() => edit.submit()} />,
        },
      ]}
    />
  );
}
