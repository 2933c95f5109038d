import { z } from "zod";
import { AUTHORITIES, MODULES, type TModul } from "./access.codes.ts";

/* The code lists are zod-free (access.codes.ts, for screens); re-exported here as before. */
export { AUTHORITIES, MODULES, type TAuthority, type TModul } from "./access.codes.ts";

/** Authorities of SPEC §6. */
export const ZAuthority = z.enum(AUTHORITIES);
/** Modules that can be enabled per tenant (SPEC §1). */
export const ZModul = z.enum(MODULES);

/** Module lists are shown and returned sorted (SPEC §3 Tenant: "modulList (sorted)"). */
export function sortModules(modules: readonly TModul[]): TModul[] {
  return [...new Set(modules)].sort((a, b) => a.localeCompare(b));
}
