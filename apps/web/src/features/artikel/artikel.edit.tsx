import { fehlendeFelder, pflichtFelder } from "@kontor/domain/artikel/artikel.rules";
import type { TArtikel } from "@kontor/domain/artikel/artikel.schema";
import { Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useLocation, useParams } from "@tanstack/react-router";
import type { TFunction } from "i18next";
import { lazy, useState } from "react";
import { useTranslation } from "react-i18next";
import { useShellAccess } from "../../app/shell/useShellAccess.ts";
import { AggregateEditPage } from "../../components/form/AggregateEditPage.tsx";
import { EditLoadFailed, EditLoading, NOT_FOUND, parseSlug } from "../../components/form/EditStates.tsx";
import { useAggregateEdit, useStoredRecord } from "../../components/form/useAggregateEdit.ts";
import { ArtikelHinweise, ArtikelKopf } from "./ArtikelKopf.tsx";
import { ArtikelStammdaten } from "./ArtikelStammdaten.tsx";
import {
  artikelDetailQuery,
  artikelFelddefinitionenQuery,
  mehrwertssteuernQuery,
  saveArtikel,
} from "./artikel.api.ts";
import {
  ARTIKEL_TAB_TABELLE,
  type ArtikelValues,
  artikelDuplikat,
  artikelFromForm,
  artikelToForm,
  neuerArtikelForm,
} from "./artikel.form.ts";
import { feldLabel } from "./artikel.labels.ts";
import { ARTIKEL_LIST_PATH, artikelEditPath, artikelKeys } from "./artikel.resource.ts";

/* The other tabs load right after the screen (all panels stay mounted, so they load at once, not on a click). */
const ladeTabs = () => import("./artikel.tabs.tsx");
const ArtikelPreise = lazy(async () => ({ default: (await ladeTabs()).ArtikelPreise }));
const ArtikelLieferanten = lazy(async () => ({ default: (await ladeTabs()).ArtikelLieferanten }));
const ArtikelBilder = lazy(async () => ({ default: (await ladeTabs()).ArtikelBilder }));
const ArtikelDateien = lazy(async () => ({ default: (await ladeTabs()).ArtikelDateien }));
const ArtikelFelder = lazy(async () => ({ default: (await ladeTabs()).ArtikelFelder }));

/**
 * /artikel/{slug}: "new" creates, an id edits; /artikel/{id}/duplicate creates a new article prefilled from a
 * stored one. A new slug mounts a fresh form.
 */
export function ArtikelEdit() {
  const { slug = "" } = useParams({ strict: false });
  const { pathname } = useLocation();
  const duplicate = /\/duplicate\/?$/.test(pathname);
  const id = parseSlug(slug, !duplicate);
  if (id === null) return <EditLoadFailed error={NOT_FOUND} backTo={ARTIKEL_LIST_PATH} />;
  if (id === "new") return <NeuerArtikel key="new" />;
  if (duplicate) return <ArtikelDuplizieren key={`dup-${slug}`} id={id} />;
  return <GespeicherterArtikel key={slug} id={id} />;
}

/** A new article starts with the tenant's default VAT rate and one input per field definition. */
function NeuerArtikel() {
  const mwst = useQuery(mehrwertssteuernQuery);
  const felddefinitionen = useQuery(artikelFelddefinitionenQuery);
  // Without them (a failed call) the form still works: no default rate, no field inputs.
  if (mwst.isPending || felddefinitionen.isPending) return <EditLoading />;
  const standard = mwst.data?.find((satz) => satz.defaultMwst) ?? mwst.data?.[0];
  const initial = neuerArtikelForm({
    mehrwertssteuerId: standard?.id,
    felddefinitionen: felddefinitionen.data ?? [],
  });
  return <ArtikelFormular initial={initial} />;
}

const duplikatForm = (artikel: TArtikel) => artikelDuplikat(artikelToForm(artikel));

function ArtikelDuplizieren({ id }: { id: number }) {
  const { error, initial, record } = useStoredRecord(artikelDetailQuery(id), duplikatForm);
  if (error) return <EditLoadFailed error={error} backTo={ARTIKEL_LIST_PATH} />;
  if (initial === null) return <EditLoading />;
  return <ArtikelFormular initial={initial} duplikatVon={record} />;
}

function GespeicherterArtikel({ id }: { id: number }) {
  const { error, initial, record } = useStoredRecord(artikelDetailQuery(id), artikelToForm);
  if (error) return <EditLoadFailed error={error} backTo={ARTIKEL_LIST_PATH} />;
  if (!record || initial === null) return <EditLoading />;
  return <ArtikelFormular initial={initial} record={record} />;
}

function ArtikelFormular({
  initial,
  record,
  duplikatVon,
}: {
  initial: ArtikelValues;
  record?: TArtikel;
  duplikatVon?: TArtikel | undefined;
}) {
  const { t } = useTranslation(["artikel", "crud"]);
  const access = useShellAccess();
  const schreiben = access.can("artikelWrite");
  const [nummerVergeben, setNummerVergeben] = useState(false);
  const gesperrt = initial.id !== undefined && (record?.locked ?? false);
  const edit = useAggregateEdit({
    ns: "artikel",
    initial,
    tabelle: ARTIKEL_TAB_TABELLE,
    pflichtFelder,
    fehlendeFelder,
    readOnly: !schreiben || gesperrt,
    speichern: (values) => saveArtikel(artikelFromForm(values)),
    toForm: artikelToForm,
    keys: artikelKeys,
    listPath: ARTIKEL_LIST_PATH,
    editPath: artikelEditPath,
  });
  const { form, values, readOnly } = edit;

  return (
    <AggregateEditPage
      edit={edit}
      // A duplicate is titled as one, whatever its name.
      name={duplikatVon ? "" : values.artikelBezeichnung}
      nummer={record?.artikelNummer}
      neuTitel={t(duplikatVon ? "edit.titleDuplicate" : "edit.titleNew")}
      kopf={
        <ArtikelKopf
          duplikatVon={duplikatVon}
          geloescht={values.geloescht}
          duplizieren={schreiben && !gesperrt ? edit.id : undefined}
        />
      }
      hinweise={
        <ArtikelHinweise
          id={edit.id}
          gesperrt={gesperrt}
          schreiben={schreiben}
          zugriffBekannt={access.ready}
          onEntsperrt={edit.uebernehmen}
        />
      }
      feldLabel={(path) => feldLabel(t as unknown as TFunction<"artikel">, path)}
      tabs={[
        {
          value: "stammdaten",
          label: t("tab.stammdaten"),
          sperrbar: true,
          content: <ArtikelStammdaten form={form} onNummerVergeben={setNummerVergeben} />,
        },
        {
          value: "preise",
          label: t("tab.preise"),
          sperrbar: true,
          content: <ArtikelPreise form={form} readOnly={readOnly} />,
        },
        {
          value: "lieferanten",
          label: t("tab.lieferanten"),
          content: <ArtikelLieferanten form={form} readOnly={readOnly} />,
        },
        access.can("artikelBilder") && {
          value: "bilder",
          label: t("tab.bilder"),
          content: <ArtikelBilder form={form} readOnly={readOnly} />,
        },
        access.can("artikelPdf") &&
          edit.id !== undefined && {
            value: "dateien",
            label: t("tab.dateien"),
            content: <ArtikelDateien artikelId={edit.id} readOnly={readOnly} />,
          },
        { value: "felder", label: t("tab.felder"), sperrbar: true, content: <ArtikelFelder form={form} /> },
      ]}
    >
      {nummerVergeben && (
        <Text size="sm" c="red.8">
          {t("nummer.vergeben")}
        </Text>
      )}
    </AggregateEditPage>
  );
}
