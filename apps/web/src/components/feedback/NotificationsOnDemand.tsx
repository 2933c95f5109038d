import { useNotifications } from "@mantine/notifications";
import { lazy, Suspense, useState } from "react";

const NotificationsContainer = lazy(() =>
  import("./NotificationsContainer.tsx").then((module) => ({ default: module.NotificationsContainer })),
);

/**
 * Where toasts show. The container (~9 KB gzip) loads with the first toast, not with the shell (DESIGN §9 route
 * budget): the store (notify.ts) keeps what was shown meanwhile, and the container stays once it is there.
 */
export function NotificationsOnDemand() {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length + queue.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <NotificationsContainer />
    </Suspense>
  );
}
