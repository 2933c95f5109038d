import { useBlocker } from "@tanstack/react-router";
import { lazy, type ReactNode, Suspense, useCallback, useEffect, useRef } from "react";

/*
 * The dialog (Mantine's modal) is not in an edit screen's first load (DESIGN §9 budget): it loads as soon as the
 * form has unsaved changes, so it is there when a navigation asks.
 */
let dialogChunk: Promise<typeof import("./UnsavedChangesDialog.tsx")> | undefined;
const ladeDialog = () => {
  dialogChunk ??= import("./UnsavedChangesDialog.tsx");
  return dialogChunk;
};
const UnsavedChangesDialog = lazy(async () => ({ default: (await ladeDialog()).UnsavedChangesDialog }));

/** Where a navigation starts or goes, as the blocker reports it. */
interface Place {
  pathname: string;
  search: unknown;
}

/** A navigation that leaves the screen: another path, or other search parameters (a new form mounts then). */
const leaves = (current: Place, next: Place) =>
  current.pathname !== next.pathname || JSON.stringify(current.search) !== JSON.stringify(next.search);

/**
 * The unsaved-changes guard of an edit form. While `isDirty()` is true, a navigation inside the app (links, menu,
 * browser back and forward) first asks in a modal "Discard unsaved changes?" — Keep editing (the default, also
 * Escape and the close button) stays with the input, Discard goes on — and a reload or closing the tab asks
 * the browser's own question (`beforeunload`). `isDirty` is read when the navigation starts, so a form that was
 * just saved or reset is not asked about; a navigation to the same place (same path and search) is not either.
 * Navigations that must not wait — the record's own URL after its first save, the sign-in after the session
 * ended, a tenant switch — pass `ignoreBlocker: true`.
 *
 * Render the returned dialog once, anywhere in the screen:
 *
 *   const leaveDialog = useUnsavedChangesGuard(() => form.isDirty());
 *   return <>{…}{leaveDialog}</>;
 */
export function useUnsavedChangesGuard(isDirty: () => boolean): ReactNode {
  // The latest check, read when a navigation starts: the blocker is registered once, not on every render.
  const dirty = useRef(isDirty);
  dirty.current = isDirty;
  const shouldBlockFn = useCallback(
    ({ current, next }: { current: Place; next: Place }) => dirty.current() && leaves(current, next),
    [],
  );
  const enableBeforeUnload = useCallback(() => dirty.current(), []);
  const blocker = useBlocker({ shouldBlockFn, enableBeforeUnload, withResolver: true });
  // A changed form may be left any moment: have the dialog ready (after every render; loads once).
  useEffect(() => {
    if (dirty.current()) void ladeDialog();
  });
  if (blocker.status !== "blocked") return null;
  return (
    <Suspense fallback={null}>
      <UnsavedChangesDialog onStay={blocker.reset} onDiscard={blocker.proceed} />
    </Suspense>
  );
}
