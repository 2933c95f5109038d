import type { TArtikel } from "@kontor/domain/artikel/artikel.schema";
import { Alert, Anchor, Badge, Button, Group, Stack, Text, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useLocation, useNavigate, useParams } from "@tanstack/react-router";
import type { TFunction } from "i18next";
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
import { serverFieldErrors } from "../../components/form/fieldErrors.ts";
import { SpeichernLeiste } from "../../components/form/SpeichernLeiste.tsx";
import { useProblemMessage } from "../../components/problemMessage.ts";
import { ArtikelStammdaten } from "./ArtikelStammdaten.tsx";
import {
  artikelDetailQuery,
  artikelFelddefinitionenQuery,
  mehrwertssteuernQuery,
  saveArtikel,
} from "./artikel.api.ts";
import {
  type ArtikelTab,
  type ArtikelValues,
  artikelDuplikat,
  artikelFromForm,
  artikelToForm,
  fehlendeFelder,
  fehlerJeTab,
  neuerArtikelForm,
  pflichtFelder,
  tabOf,
} from "./artikel.form.ts";
import {
  ARTIKEL_LIST_PATH,
  artikelDuplicatePath,
  artikelEditPath,
  artikelKeys,
  updateArtikel,
} from "./artikel.resource.ts";

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

function ArtikelDuplizieren({ id }: { id: number }) {
  const detail = useQuery({ ...artikelDetailQuery(id), refetchOnMount: "always" });
  const [initial, setInitial] = useState<ArtikelValues | null>(null);
  const { data, isFetchedAfterMount } = detail;
  useEffect(() => {
    if (data && isFetchedAfterMount && initial === null) setInitial(artikelDuplikat(artikelToForm(data)));
  }, [data, isFetchedAfterMount, initial]);
  if (detail.isError) return <EditLoadFailed error={detail.error} backTo={ARTIKEL_LIST_PATH} />;
  if (initial === null) return <EditLoading />;
  return <ArtikelFormular initial={initial} duplikatVon={data} />;
}

function GespeicherterArtikel({ id }: { id: number }) {
  // The first answer after opening fills the form; later refetches (after a PDF upload, …) must not overwrite
  // what is typed.
  const detail = useQuery({ ...artikelDetailQuery(id), refetchOnMount: "always" });
  const [initial, setInitial] = useState<ArtikelValues | null>(null);
  const { data, isFetchedAfterMount } = detail;
  useEffect(() => {
    if (data && isFetchedAfterMount && initial === null) setInitial(artikelToForm(data));
  }, [data, isFetchedAfterMount, initial]);
  if (detail.isError) return <EditLoadFailed error={detail.error} backTo={ARTIKEL_LIST_PATH} />;
  if (!detail.data || initial === null) return <EditLoading />;
  return <ArtikelFormular initial={initial} record={detail.data} />;
}

/** A panel whose inputs are all disabled when the article is read-only (a native fieldset does that). */
function Nurlesen({ readOnly, children }: { readOnly: boolean; children: ReactNode }) {
  return (
    <fieldset disabled={readOnly} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
      {children}
    </fieldset>
  );
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
  const problemMessage = useProblemMessage();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const access = useShellAccess();
  const schreiben = access.can("artikelWrite");
  const [tab, setTab] = useState<ArtikelTab>("stammdaten");
  /** Inputs the user has left: a missing required value shows there at once, elsewhere only when asked. */
  const [verlassen, setVerlassen] = useState<ReadonlySet<string>>(new Set());
  const [alleZeigen, setAlleZeigen] = useState(false);
  const [nummerVergeben, setNummerVergeben] = useState(false);

  const form = useForm<ArtikelValues>({
    mode: "controlled",
    initialValues: initial,
    enhanceGetInputProps: ({ field, form: current, inputProps }) => {
      const path = String(field);
      const values = current.getValues();
      if (!pflichtFelder(values).has(path)) return;
      const fehlt = fehlendeFelder(values).some((grund) => grund.field === path);
      const zeigen = fehlt && !inputProps.error && (alleZeigen || verlassen.has(path));
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
  const gesperrt = stored && (record?.locked ?? false);
  const readOnly = !schreiben || gesperrt;
  const fehlend = fehlendeFelder(values);

  const tabs: { value: ArtikelTab; label: string; content: ReactNode }[] = [
    {
      value: "stammdaten",
      label: t("tab.stammdaten"),
      content: (
        <Nurlesen readOnly={readOnly}>
          <ArtikelStammdaten form={form} onNummerVergeben={setNummerVergeben} />
        </Nurlesen>
      ),
    },
    {
      value: "preise",
      label: t("tab.preise"),
      content: (
        <Nurlesen readOnly={readOnly}>
          <ArtikelPreise form={form} readOnly={readOnly} />
        </Nurlesen>
      ),
    },
    {
      value: "lieferanten",
      label: t("tab.lieferanten"),
      content: <ArtikelLieferanten form={form} readOnly={readOnly} />,
    },
  ];
  if (access.can("artikelBilder"))
    tabs.push({
      value: "bilder",
      label: t("tab.bilder"),
      content: <ArtikelBilder form={form} readOnly={readOnly} />,
    });
  if (access.can("artikelPdf") && stored && values.id !== undefined)
    tabs.push({
      value: "dateien",
      label: t("tab.dateien"),
      content: <ArtikelDateien artikelId={values.id} readOnly={readOnly} />,
    });
  tabs.push({
    value: "felder",
    label: t("tab.felder"),
    content: (
      <Nurlesen readOnly={readOnly}>
        <ArtikelFelder form={form} />
      </Nurlesen>
    ),
  });

  const fehlerTabs = fehlerJeTab(Object.keys(form.errors));
  const fehltTabs = fehlerJeTab(fehlend.map((grund) => grund.field));

  const zeigeFeld = (path: string) => {
    setAlleZeigen(true);
    setTab(tabOf(path));
    let versuche = 0;
    const fokus = () => {
      const node = form.getInputNode(path);
      if (node && node.offsetParent !== null) node.focus();
      else if (++versuche < 20) setTimeout(fokus, 50);
    };
    setTimeout(fokus, 0);
  };

  const uebernehmen = (saved: TArtikel) => {
    if (saved.id === undefined) return;
    queryClient.setQueryData(artikelKeys.detail(saved.id), saved);
    const next = artikelToForm(saved);
    form.setInitialValues(next);
    form.setValues(next);
    form.resetDirty(next);
  };

  const save = useMutation({
    mutationFn: (current: ArtikelValues) => saveArtikel(artikelFromForm(current)),
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: artikelKeys.all });
      notifySuccess(t(stored ? "crud:toast.saved" : "crud:toast.created"));
      if (saved.id === undefined) return;
      queryClient.setQueryData(artikelKeys.detail(saved.id), saved);
      if (!stored) {
        void navigate({ to: artikelEditPath(saved.id), replace: true });
        return;
      }
      uebernehmen(saved);
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

  const entsperren = useMutation({
    mutationFn: async (id: number) => {
      await updateArtikel([{ id, locked: false }]);
      return queryClient.fetchQuery({ ...artikelDetailQuery(id), staleTime: 0 });
    },
    onSuccess: (saved) => {
      notifySuccess(t("edit.entsperrt"));
      void queryClient.invalidateQueries({ queryKey: artikelKeys.lists() });
      uebernehmen(saved);
    },
    onError: (error) => notifyFailure(t("edit.entsperrenFehler"), problemMessage(error)),
  });

  const submit = (event?: FormEvent<HTMLFormElement>) => {
    event?.preventDefault();
    if (readOnly || fehlend.length > 0) return;
    save.mutate(form.getValues());
  };

  const title = duplikatVon
    ? t("edit.titleDuplicate")
    : stored
      ? values.artikelBezeichnung || record?.artikelNummer || t("edit.titleEdit")
      : values.artikelBezeichnung || t("edit.titleNew");

  return (
    <Stack gap="lg" maw={1100}>
      <Stack gap={4}>
        <BackLink to={ARTIKEL_LIST_PATH} />
        <Group gap="sm" align="center">
          <Title order={1}>{title}</Title>
          {record?.artikelNummer && (
            <Text c="dimmed" size="lg">
              {t("edit.nummer", { nummer: record.artikelNummer })}
            </Text>
          )}
          {duplikatVon && (
            <Text c="dimmed" size="sm">
              {t("edit.duplikatVon", {
                name: duplikatVon.artikelBezeichnung,
                nummer: duplikatVon.artikelNummer ?? "",
              })}
            </Text>
          )}
          {values.geloescht && (
            <Badge variant="light" color="gray">
              {t("status.geloescht")}
            </Badge>
          )}
          {stored && schreiben && values.id !== undefined && !gesperrt && (
            <Anchor component={Link} to={artikelDuplicatePath(values.id)} size="sm" ml="auto">
              {t("edit.duplizieren")}
            </Anchor>
          )}
        </Group>
      </Stack>

      {gesperrt && (
        <Alert color="orange" title={t("status.gesperrt")} role="status">
          <Group justify="space-between" align="center" gap="sm">
            <Text size="sm">{t("edit.gesperrtText")}</Text>
            {schreiben && values.id !== undefined && (
              <Button
                size="xs"
                variant="default"
                loading={entsperren.isPending}
                onClick={() => values.id !== undefined && entsperren.mutate(values.id)}
              >
                {t("edit.entsperren")}
              </Button>
            )}
          </Group>
        </Alert>
      )}
      {!schreiben && access.ready && (
        <Text size="sm" c="dimmed">
          {t("edit.nurLesen")}
        </Text>
      )}

      <form onSubmit={submit} noValidate>
        <Stack gap="lg">
          <EditTabs
            tabs={tabs}
            value={tab}
            onChange={setTab}
            fehlerTabs={fehlerTabs}
            fehltTabs={readOnly ? {} : fehltTabs}
            texte={{
              tabFehler: (count) => t("edit.tabFehler", { count }),
              tabFehlt: (count) => t("edit.tabFehlt", { count }),
              laden: t("edit.laden"),
            }}
          />

          {!readOnly && (
            <SpeichernLeiste
              fehltId="artikel-save-fehlt"
              fehltText={t("save.fehlt")}
              fehlend={fehlend.map((grund) => ({
                field: grund.field,
                label: feldLabel(t as unknown as TFunction<"artikel">, grund.field),
              }))}
              onZeigen={zeigeFeld}
              dirty={form.isDirty()}
              speichert={save.isPending}
              onReset={() => {
                form.reset();
                setVerlassen(new Set());
                setAlleZeigen(false);
              }}
            >
              {nummerVergeben && (
                <Text size="sm" c="red.8">
                  {t("nummer.vergeben")}
                </Text>
              )}
            </SpeichernLeiste>
          )}
        </Stack>
      </form>
    </Stack>
  );
}

/** The label of a required input for "Zum Speichern fehlt: …" (rows: "Preis 2: Gültig ab"). */
function feldLabel(t: TFunction<"artikel">, path: string): string {
  const [head, indexText, leaf] = path.split(".");
  const n = Number(indexText) + 1;
  if (head === "artikelPreisSet")
    return t("save.preisZeile", { n, feld: t(leaf === "vonDatum" ? "preis.vonDatum" : "preis.preis") });
  if (head === "artikelLieferantSet") return t("save.lieferantZeile", { n, feld: t("lieferant.lieferant") });
  if (head === "mehrwertssteuer") return t("field.mehrwertssteuer");
  if (head === "artikelBezeichnung") return t("field.artikelBezeichnung");
  return path;
}
