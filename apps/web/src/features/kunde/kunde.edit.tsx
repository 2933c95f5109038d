import type { TLangKey } from "@kontor/domain/auth/auth.schema";
import { anzeigename } from "@kontor/domain/kunde/kunde.rules";
import type { TKunde } from "@kontor/domain/kunde/kunde.schema";
import { Badge, Group, Stack, Text, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate, useParams, useSearch } from "@tanstack/react-router";
import { type FocusEvent, type FormEvent, lazy, type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../app/api.ts";
import { useShellAccess } from "../../app/shell/useShellAccess.ts";
import { notifyFailure, notifySuccess } from "../../components/feedback/notify.ts";
import {
  BackLink,
  EditLoadFailed,
  EditLoading,
  NOT_FOUND,
  parseSlug,
} from "../../components/form/EditStates.tsx";
import { EditTabs } from "../../components/form/EditTabs.tsx";
import { serverFieldErrors, zodValidate } from "../../components/form/fieldErrors.ts";
import { SpeichernLeiste } from "../../components/form/SpeichernLeiste.tsx";
import { useProblemMessage } from "../../components/problemMessage.ts";
import { KundeStammdaten } from "./KundeStammdaten.tsx";
import { felddefinitionenQuery, kundeDetailQuery, saveKunde, zahlungszieleQuery } from "./kunde.api.ts";
import {
  fehlendeFelder,
  fehlerJeTab,
  type KundeTab,
  type KundeValues,
  kundeFromForm,
  kundeToForm,
  neuerKundeForm,
  pflichtFelder,
  tabOf,
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
  // The first answer after opening fills the form (not a cached one: someone may have changed the customer since,
  // hence always fetched on mount, also right after the first save put the answer in the cache); later refetches
  // (after a PDF upload, …) must not overwrite what is typed.
  const detail = useQuery({ ...kundeDetailQuery(id), refetchOnMount: "always" });
  const [initial, setInitial] = useState<KundeValues | null>(null);
  const { data, isFetchedAfterMount } = detail;
  useEffect(() => {
    if (data && isFetchedAfterMount && initial === null) setInitial(kundeToForm(data));
  }, [data, isFetchedAfterMount, initial]);
  if (detail.isError) return <EditLoadFailed error={detail.error} backTo={KUNDE_LIST_PATH} />;
  if (!detail.data || initial === null) return <EditLoading />;
  return <KundeFormular initial={initial} record={detail.data} />;
}

function KundeFormular({ initial, record }: { initial: KundeValues; record?: TKunde }) {
  const { t, i18n } = useTranslation(["kunde", "crud"]);
  const problemMessage = useProblemMessage();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const access = useShellAccess();
  const [tab, setTab] = useState<KundeTab>("stammdaten");
  /** Inputs the user has left: a missing required value shows there at once, elsewhere only when asked. */
  const [verlassen, setVerlassen] = useState<ReadonlySet<string>>(new Set());
  const [alleZeigen, setAlleZeigen] = useState(false);
  const felddefinitionen = useQuery(felddefinitionenQuery);

  const form = useForm<KundeValues>({
    mode: "controlled",
    initialValues: initial,
    validate: (values) => validator?.(kundeFromForm(values)) ?? {},
    // The save rules (SPEC §5) mark their inputs: required, and "missing" once left empty.
    enhanceGetInputProps: ({ field, form: current, inputProps }) => {
      const path = String(field);
      const values = current.getValues();
      if (!pflichtFelder(values).has(path)) return;
      const fehlt = fehlendeFelder(values).some((grund) => grund.field === path);
      const zeigen = fehlt && !inputProps.error && (alleZeigen || verlassen.has(path));
      // Taken now: the returned props are merged into inputProps itself.
      const onBlur = inputProps.onBlur as ((event: FocusEvent) => void) | undefined;
      return {
        withAsterisk: true,
        ...(zeigen ? { error: t("save.fehltFeld") } : {}),
        onBlur: (event: FocusEvent) => {
          onBlur?.(event);
          setVerlassen((previous) => (previous.has(path) ? previous : new Set(previous).add(path)));
        },
      };
    },
  });

  const values = form.getValues();
  const stored = values.id !== undefined;
  const sprache: TLangKey = i18n.resolvedLanguage === "en" ? "en" : "de";
  const name = anzeigename(values, sprache);
  const fehlend = fehlendeFelder(values);
  const feldName = (index: number) => {
    const id = values.kundeFelder[index]?.felddefinitionId;
    return felddefinitionen.data?.find((definition) => definition.id === id)?.bezeichnung;
  };

  const tabs: { value: KundeTab; label: string; content: ReactNode }[] = [
    { value: "stammdaten", label: t("tab.stammdaten"), content: <KundeStammdaten form={form} /> },
    { value: "adressen", label: t("tab.adressen"), content: <KundeAdressen form={form} /> },
    { value: "konditionen", label: t("tab.konditionen"), content: <KundeKonditionen form={form} /> },
    { value: "kontakte", label: t("tab.kontakte"), content: <KundeKontakte form={form} /> },
  ];
  if (access.can("kundeFahrzeuge"))
    tabs.push({ value: "fahrzeuge", label: t("tab.fahrzeuge"), content: <KundeFahrzeuge form={form} /> });
  tabs.push({ value: "felder", label: t("tab.felder"), content: <KundeFelder form={form} /> });
  if (access.can("kundePdf") && stored && values.id !== undefined)
    tabs.push({ value: "dateien", label: t("tab.dateien"), content: <KundeDateien kundeId={values.id} /> });
  if (access.can("kundeCrm"))
    tabs.push({
      value: "crm",
      label: t("tab.crm"),
      content: <KundeCrm form={form} blockiert={fehlend.length > 0} onAdd={() => submit()} />,
    });

  // Errors and missing fields per tab, so nothing wrong hides behind another tab.
  const fehlerTabs = fehlerJeTab(Object.keys(form.errors));
  const fehltTabs = fehlerJeTab(fehlend.map((grund) => grund.field));

  const zeigeFeld = (path: string) => {
    setAlleZeigen(true);
    setTab(tabOf(path));
    // Once the tab's panel is visible (and its chunk loaded): try a few times.
    let versuche = 0;
    const fokus = () => {
      const node = form.getInputNode(path);
      if (node && node.offsetParent !== null) node.focus();
      else if (++versuche < 20) setTimeout(fokus, 50);
    };
    setTimeout(fokus, 0);
  };

  const save = useMutation({
    mutationFn: (current: KundeValues) => saveKunde(kundeFromForm(current)),
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: kundeKeys.all });
      notifySuccess(t(stored ? "crud:toast.saved" : "crud:toast.created"));
      if (saved.id === undefined) return;
      queryClient.setQueryData(kundeKeys.detail(saved.id), saved);
      if (!stored) {
        void navigate({ to: kundeEditPath(saved.id), replace: true });
        return;
      }
      const next = kundeToForm(saved);
      form.setInitialValues(next);
      form.setValues(next);
      form.resetDirty(next);
    },
    onError: (error) => {
      if (isApiError(error) && error.fieldErrors.length > 0) {
        form.setErrors(serverFieldErrors(error.fieldErrors));
        const first = error.fieldErrors[0];
        if (first) setTab(tabOf(first.field));
      }
      notifyFailure(t("crud:toast.saveFailed"), problemMessage(error));
    },
  });

  useEffect(() => {
    void ladeValidierung();
  }, []);
  const pruefenUndSpeichern = form.onSubmit(
    (current) => save.mutate(current),
    (errors) => {
      const first = Object.keys(errors)[0];
      if (first) setTab(tabOf(first));
      notifyFailure(t("crud:toast.saveFailed"), t("crud:form.invalid"));
    },
  );
  const submit = (event?: FormEvent<HTMLFormElement>) => {
    event?.preventDefault();
    ladeValidierung().then(
      () => pruefenUndSpeichern(),
      (error: unknown) => notifyFailure(t("crud:toast.saveFailed"), problemMessage(error)),
    );
  };

  const title = stored
    ? name || record?.kundenNummer || t("edit.titleEdit")
    : name || t(values.lieferant ? "edit.titleNewLieferant" : "edit.titleNewKunde");

  return (
    <Stack gap="lg" maw={1100}>
      <Stack gap={4}>
        <BackLink to={KUNDE_LIST_PATH} />
        <Group gap="sm" align="center">
          <Title order={1}>{title}</Title>
          {record?.kundenNummer && (
            <Text c="dimmed" size="lg">
              {t("edit.nummer", { nummer: record.kundenNummer })}
            </Text>
          )}
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
        </Group>
      </Stack>

      <form onSubmit={submit} noValidate>
        <Stack gap="lg">
          <EditTabs
            tabs={tabs}
            value={tab}
            onChange={setTab}
            fehlerTabs={fehlerTabs}
            fehltTabs={fehltTabs}
            texte={{
              tabFehler: (count) => t("edit.tabFehler", { count }),
              tabFehlt: (count) => t("edit.tabFehlt", { count }),
              laden: t("edit.laden"),
            }}
          />

          <SpeichernLeiste
            fehltId="kunde-save-fehlt"
            fehltText={t("save.fehlt")}
            fehlend={fehlend.map((grund) => ({
              field: grund.field,
              label: feldLabel(t, grund.field, feldName),
            }))}
            onZeigen={zeigeFeld}
            dirty={form.isDirty()}
            speichert={save.isPending}
            onReset={() => {
              form.reset();
              setVerlassen(new Set());
              setAlleZeigen(false);
            }}
          />
        </Stack>
      </form>
    </Stack>
  );
}
