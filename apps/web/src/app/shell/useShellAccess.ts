import { type AccessArea, type AccessContext, can } from "@kontor/domain/access/access.rules";
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { accountQuery } from "../../features/account/account.queries.ts";
import { mandantModulesQuery } from "../../features/mandant/mandantModules.api.ts";
import { useSession } from "../session.ts";

/**
 * What the signed-in user may see in the selected tenant (SPEC §6): the tenant's modules and the user's
 * authorities, decided by the shared rule table (`can`). `ready` once both are known; without a tenant, no module.
 */
export function useShellAccess() {
  const { mandantId } = useSession();
  const account = useQuery(accountQuery);
  const modules = useQuery({ ...mandantModulesQuery(mandantId ?? 0), enabled: mandantId !== null });

  const context = useMemo<AccessContext>(
    () => ({ modules: modules.data ?? [], authorities: account.data?.authorities ?? [] }),
    [modules.data, account.data?.authorities],
  );
  const ready = account.isSuccess && (mandantId === null || modules.isSuccess || modules.isError);
  return {
    ready,
    /** The account could not be loaded (offline, server down): nothing to decide the menu with. */
    failed: account.isError,
    retry: () => {
      void account.refetch();
      if (mandantId !== null) void modules.refetch();
    },
    context,
    mandantId,
    account: account.data,
    can: (area: AccessArea) => ready && can(area, context),
  };
}
