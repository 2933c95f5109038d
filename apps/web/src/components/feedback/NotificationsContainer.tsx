import "@mantine/notifications/styles.css";
import { Notifications } from "@mantine/notifications";
import { TOAST_LIMIT, TOAST_POSITION } from "./notify.ts";

/** Mantine's toast container, loaded with the first toast (NotificationsOnDemand). */
export function NotificationsContainer() {
  return <Notifications position={TOAST_POSITION} limit={TOAST_LIMIT} />;
}
