import { type UseFormReturnType, useForm } from "@mantine/form";
import {
  type QueryKey,
  type UseQueryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { type FocusEvent, type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../app/api.ts";
import { notifyFailure, notifySuccess } from "../feedback/notify.ts";
import { useProblemMessage } from "../problemMessage.ts";
import type { TabTabelle } from "./aggregateForm.ts";
import { serverFieldErrors } from "./fieldErrors.ts";
import { useUnsavedChangesGuard } from "./useUnsavedChangesGuard.tsx";

/**
 * The edit controller of an aggregate (customer, article, documents): a large form in tabs with save rules, saved
 * as a whole by one PUT. Headless: AggregateEditPage renders header, tabs and save bar; the screen writes its
 * values mapping, tab table, tabs and header extras. It owns what every such screen does alike: required marks and
 * "missing" once an input was left, errors and missing fields per tab, showing a field, save (toasts, a new record
 * continues at its own URL, the answer becomes the form), server field errors at the fields, reset, and the
 * unsaved-changes guard (useUnsavedChangesGuard: leaving a changed form asks first; `leaveDialog` is its dialog).
 */

/** The namespaces with an aggregate's edit texts (save.fehlt, save.fehltFeld, edit.tabFehler|tabFehlt|laden). */
export type AggregateNamespace = "kunde" | "artikel" | "beleg";

/** Form values and records of an aggregate: stored ones have an id. */
type MitId = { id?: number | undefined };

export interface AggregateEditOptions<V extends MitId, R extends MitId, T extends string> {
  ns: AggregateNamespace;
  /** The values the form starts with (and resets to until the first save). */
  initial: V;
  tabelle: TabTabelle<T>;
  /** Inputs that show the required mark (the save rules' paths with the current rows). */
  pflichtFelder: (values: V) => ReadonlySet<string>;
  /** Why the form cannot be saved yet (the save rules), by input path. */
  fehlendeFelder: (values: V) => readonly { field: string }[];
  /**
   * A check before saving (the shared save schema, loaded after the screen): a submit waits for `laden`, then
   * validates with `pruefen`; errors open the first one's tab. Without it a submit with missing fields does
   * nothing (the save button is off then anyway).
   */
  validierung?: { laden: () => Promise<unknown>; pruefen: (values: V) => Record<string, string> };
  /** Nothing may be saved (no write right, locked): submit does nothing. */
  readOnly?: boolean;
  /** PUT: the form's values to the stored record. */
  speichern: (values: V) => Promise<R>;
  toForm: (record: R) => V;
  keys: { all: QueryKey; detail: (id: number) => QueryKey };
  /** The list (the back link). */
  listPath: string;
  /** Where a new record continues after its first save. */
  editPath: (id: number) => string;
}

export function useAggregateEdit<V extends MitId, R extends MitId, T extends string>(
  options: AggregateEditOptions<V, R, T>,
) {
  const { ns, tabelle, pflichtFelder, fehlendeFelder, validierung, readOnly = false } = options;
  const { t } = useTranslation([ns, "crud"]);
  const problemMessage = useProblemMessage();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [tab, setTab] = useState<T>(tabelle.start);
  /** Inputs the user has left: a missing required value shows there at once, elsewhere only when asked. */
  const [verlassen, setVerlassen] = useState<ReadonlySet<string>>(new Set());
  const [alleZeigen, setAlleZeigen] = useState(false);

  const form: UseFormReturnType<V> = useForm<V>({
    mode: "controlled",
    initialValues: options.initial,
    validate: (values: V) => validierung?.pruefen(values) ?? {},
    // The save rules mark their inputs: required, and "missing" once left empty.
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
  const id = values.id;
  const stored = id !== undefined;
  const fehlend = fehlendeFelder(values);

  /** Opens the field's tab and focuses it (once its panel is visible and its chunk loaded: a few tries). */
  const zeigeFeld = (path: string) => {
    setAlleZeigen(true);
    setTab(tabelle.tabOf(path));
    let versuche = 0;
    const fokus = () => {
      const node = form.getInputNode(path);
      if (node && node.offsetParent !== null) node.focus();
      else if (++versuche < 20) setTimeout(fokus, 50);
    };
    setTimeout(fokus, 0);
  };

  /** A stored answer (save, unlock) becomes the form's values and its clean state. */
  const uebernehmen = (saved: R) => {
    if (saved.id === undefined) return;
    queryClient.setQueryData(options.keys.detail(saved.id), saved);
    const next = options.toForm(saved);
    form.setInitialValues(next);
    form.setValues(next);
    form.resetDirty(next);
  };

  const save = useMutation({
    mutationFn: (current: V) => options.speichern(current),
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: options.keys.all });
      notifySuccess(t(stored ? "crud:toast.saved" : "crud:toast.created"));
      if (saved.id === undefined) return;
      if (stored) return uebernehmen(saved);
      queryClient.setQueryData(options.keys.detail(saved.id), saved);
      // Saved: the new record's own URL mounts a fresh form; what is typed is no loss.
      void navigate({ to: options.editPath(saved.id), replace: true, ignoreBlocker: true });
    },
    onError: (error) => {
      if (isApiError(error) && error.fieldErrors.length > 0) {
        form.setErrors(serverFieldErrors(error.fieldErrors));
        const first = error.fieldErrors[0];
        if (first) setTab(tabelle.tabOf(first.field));
      }
      notifyFailure(t("crud:toast.saveFailed"), problemMessage(error));
    },
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: the check loads once, with the screen
  useEffect(() => {
    void validierung?.laden();
  }, []);
  const pruefenUndSpeichern = form.onSubmit(
    (current) => save.mutate(current),
    (errors) => {
      const first = Object.keys(errors)[0];
      if (first) setTab(tabelle.tabOf(first));
      notifyFailure(t("crud:toast.saveFailed"), t("crud:form.invalid"));
    },
  );
  const submit = (event?: FormEvent<HTMLFormElement>) => {
    event?.preventDefault();
    if (readOnly) return;
    if (!validierung) {
      if (fehlend.length === 0) save.mutate(form.getValues());
      return;
    }
    validierung.laden().then(
      () => pruefenUndSpeichern(),
      (error: unknown) => notifyFailure(t("crud:toast.saveFailed"), problemMessage(error)),
    );
  };

  const leaveDialog = useUnsavedChangesGuard(() => !readOnly && form.isDirty());

  const reset = () => {
    form.reset();
    setVerlassen(new Set());
    setAlleZeigen(false);
  };

  return {
    ns,
    listPath: options.listPath,
    form,
    values,
    id,
    stored,
    readOnly,
    tab,
    setTab,
    fehlend,
    /** Errors per tab (form and server). */
    fehlerTabs: tabelle.fehlerJeTab(Object.keys(form.errors)),
    /** Required inputs still empty per tab. */
    fehltTabs: tabelle.fehlerJeTab(fehlend.map((grund) => grund.field)),
    zeigeFeld,
    uebernehmen,
    save,
    submit,
    reset,
    /** Asks before leaving a changed form; AggregateEditPage renders it. */
    leaveDialog,
  };
}

export type AggregateEdit<V extends MitId, R extends MitId, T extends string> = ReturnType<
  typeof useAggregateEdit<V, R, T>
>;

/**
 * A stored record for an edit form: the first answer after opening fills the form, once (not a cached one:
 * someone may have changed the record since, hence always fetched on mount, also right after the first save put
 * the answer in the cache); later refetches (after a PDF upload, …) must not overwrite what is typed. `toForm`
 * maps the record (a duplicate: record → form values → copy).
 */
export function useStoredRecord<R, V, K extends QueryKey>(
  query: UseQueryOptions<R, Error, R, K>,
  toForm: (record: R) => V,
) {
  const detail = useQuery({ ...query, refetchOnMount: "always" });
  const [initial, setInitial] = useState<V | null>(null);
  const { data, isFetchedAfterMount } = detail;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the mapping is the screen's, fixed for its life
  useEffect(() => {
    if (data && isFetchedAfterMount && initial === null) setInitial(toForm(data));
  }, [data, isFetchedAfterMount, initial]);
  return { error: detail.isError ? detail.error : null, initial, record: data };
}
