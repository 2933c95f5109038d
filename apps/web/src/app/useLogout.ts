import { useNavigate } from "@tanstack/react-router";
import { session } from "./session.ts";

/**
 * Logout (SPEC §4): forget token and tenant (the query cache follows, see queryClient.ts), go to the login — past
 * an edit form's unsaved-changes guard: the session is gone, the form could not be saved any more.
 */
export function useLogout(): () => void {
  const navigate = useNavigate();
  return () => {
    session.clear();
    void navigate({ to: "/login", replace: true, ignoreBlocker: true });
  };
}
