import { notifications, notificationsStore } from "@mantine/notifications";

/** Where toasts appear and how many at once (NotificationsContainer). */
export const TOAST_POSITION = "top-right";
export const TOAST_LIMIT = 4;

// The container loads with the first toast (NotificationsOnDemand): until then the store places toasts as it will.
notificationsStore.updateState((state) => ({
  ...state,
  defaultPosition: TOAST_POSITION,
  limit: TOAST_LIMIT,
}));

/** SPEC §9: toasts stay 3000 ms; a failure stays as long as a snackbar (6000 ms), so it can be read. */
const SUCCESS_MS = 3000;
const FAILURE_MS = 6000;

/** The ids of the failure toasts still shown or queued: the next success clears them (they are out of date then). */
const failures = new Set<string>();
let nextId = 0;

/**
 * A success toast ("Gespeichert", "Gelöscht", ...). Failure toasts still on screen are closed first: a red
 * "Speichern fehlgeschlagen!" must not stay beside the "Gespeichert" of the save that followed it.
 */
export function notifySuccess(message: string): void {
  clearFailures();
  notifications.show({ message, color: "green", autoClose: SUCCESS_MS, withBorder: true });
}

/** A failure toast ("Löschen fehlgeschlagen!"), with the translated server reason below when there is one. */
export function notifyFailure(title: string, reason?: string): void {
  const id = `failure-${++nextId}`;
  failures.add(id);
  notifications.show({
    id,
    title: reason ? title : undefined,
    message: reason ?? title,
    color: "red",
    autoClose: FAILURE_MS,
    withBorder: true,
    onClose: () => failures.delete(id),
  });
}

/** Closes every failure toast still shown or waiting in the queue. */
export function clearFailures(): void {
  for (const id of [...failures]) notifications.hide(id);
  failures.clear();
}
