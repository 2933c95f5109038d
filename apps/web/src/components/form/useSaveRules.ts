import type { UseFormReturnType } from "@mantine/form";
import { useEffect, useReducer, useRef } from "react";
import { isApiError } from "../../app/api.ts";
import type { MissingFields } from "./FormActions.tsx";
import { type FormCheck, serverFieldErrors } from "./fieldErrors.ts";

/** A form's check, plain or loaded on demand (lazyCheck: the rules arrive after the screen). */
type Check<V> = FormCheck<V> | { load: () => Promise<void>; check: FormCheck<V> };

// biome-ignore lint/suspicious/noExplicitAny: any form's values
type AnyForm = UseFormReturnType<any>;

/**
 * The label an input shows, read from the page (its <label>, else its aria-label), without the required mark; a
 * form need not name its fields twice. `undefined` when the input is not on the page (another tab, not loaded).
 */
export function inputLabel(form: AnyForm, path: string): string | undefined {
  const node = form.getInputNode(path);
  if (!node) return undefined;
  const label =
    (node instanceof HTMLInputElement ||
    node instanceof HTMLTextAreaElement ||
    node instanceof HTMLSelectElement ||
    node instanceof HTMLButtonElement
      ? node.labels?.[0]?.textContent
      : undefined) ??
    node.getAttribute("aria-label") ??
    (node.getAttribute("aria-labelledby")
      ? document.getElementById(node.getAttribute("aria-labelledby") ?? "")?.textContent
      : undefined);
  const text = label?.replace(/\s*\*\s*$/, "").trim();
  return text ? text : undefined;
}

/** Paths in the order their inputs stand on the page (as the user reads them); those not on it after them. */
function inPageOrder(form: AnyForm, paths: readonly string[]): string[] {
  const nodes = new Map(paths.map((path) => [path, form.getInputNode(path)]));
  return [...paths].sort((a, b) => {
    const x = nodes.get(a);
    const y = nodes.get(b);
    if (!x || !y) return x ? -1 : y ? 1 : 0;
    return x.compareDocumentPosition(y) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1;
  });
}

/**
 * The shared save rules of an edit form or a form dialog (the customer/article way, for every screen): while the
 * form's check (the shared zod schema, the same rules as the server) finds errors, Save is off and the save row
 * names the inputs ("Zum Speichern fehlt oder ist ungültig: …", a click shows the input and its error); an input's
 * error shows at the input once it is left (give the form `validateInputOnBlur: true`). Use with FormActions
 * (`missing`) or, in a dialog, MissingHint and `blocked` on its submit button.
 *
 * `label` names a path that has no input of its own on the page (e.g. a list); otherwise the input's label is
 * used. Until a lazily loaded check has arrived nothing blocks (a submit waits for it anyway).
 */
export function useSaveRules<V>(
  form: UseFormReturnType<V>,
  check: Check<V>,
  options: {
    id: string;
    /** "Zum Senden fehlt …:" where the action is not saving; default "Zum Speichern fehlt oder ist ungültig:". */
    text?: string;
    label?: (path: string) => string | undefined;
    disabled?: boolean;
  },
): { missing: MissingFields; blocked: boolean } {
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  // A stable function (lazyCheck's), so this runs once: after the first paint (the inputs, hence their labels,
  // are on the page) and once the rules have loaded.
  const load = typeof check === "function" ? undefined : check.load;
  useEffect(() => {
    rerender();
    load?.().then(
      () => rerender(),
      () => undefined, // a submit reports it
    );
  }, [load]);
  // Labels once seen stay known: an input on a tab or step not shown now is still named by its label.
  const seen = useRef(new Map<string, string>());
  const labelOf = (field: string) => {
    const label = options.label?.(field) ?? inputLabel(form, field) ?? seen.current.get(field);
    if (label) seen.current.set(field, label);
    return label ?? field;
  };
  const run = typeof check === "function" ? check : check.check;
  const errors = options.disabled ? {} : run(form.getValues());
  // Rules between inputs (a later skonto step needs more days): leaving one input may make another one wrong
  // that was left before. Those show their error too — only added, never cleared (a server's error stays).
  const left = useRef(new Set<string>());
  const latest = useRef({ form, run });
  latest.current = { form, run };
  useEffect(() => {
    const onFocusOut = (event: FocusEvent) => {
      const target = event.target as HTMLElement | null;
      const path = target?.getAttribute?.("data-path");
      const { form: current, run: rules } = latest.current;
      if (!path || current.getInputNode(path) !== target) return;
      left.current.add(path);
      const found = rules(current.getValues());
      for (const other of left.current)
        if (other !== path && found[other] && !current.errors[other])
          current.setFieldError(other, found[other]);
    };
    document.addEventListener("focusout", onFocusOut);
    return () => document.removeEventListener("focusout", onFocusOut);
  }, []);
  const fields = inPageOrder(form, Object.keys(errors)).map((field) => ({ field, label: labelOf(field) }));
  return {
    missing: {
      id: options.id,
      ...(options.text ? { text: options.text } : {}),
      fields,
      onShow: (path: string) => {
        form.validateField(path as never);
        const node = form.getInputNode(path as never);
        if (node) {
          node.scrollIntoView?.({ block: "center" });
          node.focus();
        }
      },
    },
    blocked: fields.length > 0,
  };
}

/**
 * A failed save's field errors (problem+json `fieldErrors`, DESIGN §5) at the form's inputs, translated by their
 * codes; `messages` may give a field its own, more specific text (the VAT id's "check digit wrong"). Returns
 * whether there were any.
 */
export function showServerErrors(
  form: AnyForm,
  error: unknown,
  messages?: (field: string, code: string) => string | undefined,
): boolean {
  if (!isApiError(error) || error.fieldErrors.length === 0) return false;
  const errors = serverFieldErrors(error.fieldErrors);
  if (messages)
    for (const { field, code } of error.fieldErrors) {
      const own = messages(field, code);
      if (own) errors[field] = own;
    }
  form.setErrors(errors);
  return true;
}
