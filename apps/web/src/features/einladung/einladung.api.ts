import type { TAccount } from "@kontor/domain/auth/auth.schema";
import type { TEinladungInfo, TEinladungRegister } from "@kontor/domain/einladung/einladung.schema";
import { api } from "../../app/api.ts";

/*
 * The calls behind the mailed invitation link (/einladung/{key}, issue 13). Types only: the server parses its
 * answers with the contract's schemas; the registration form validates with ZEinladungRegister (einladung.form.ts).
 */

/**
 * GET einladung?key= (public): tenant, address, inviter and whether the address has an account; 400
 * error.keyInvalid (unknown, used, withdrawn) or error.keyExpired.
 */
export function fetchEinladung(key: string, signal?: AbortSignal): Promise<TEinladungInfo> {
  return api.get<TEinladungInfo>("einladung", { anonymous: true, signal, query: { key } });
}

/** GET account: who is signed in on this device (the invitation is accepted as that account). */
export function fetchSignedInAccount(signal?: AbortSignal): Promise<TAccount> {
  return api.get<TAccount>("account", { signal, mandant: false });
}

/** POST einladung/accept (signed in, 204): the account becomes a member; 403 when its address is another. */
export async function acceptEinladung(key: string): Promise<void> {
  await api.post<void>("einladung/accept", { key }, { mandant: false });
}

/**
 * POST einladung/register (public, 201): an active account for the invited address, member of the tenant at once.
 * 400 error.loginUsed; 409 error.conflict when the address got an account in the meantime.
 */
export async function registerEinladung(request: TEinladungRegister): Promise<void> {
  await api.post<unknown>("einladung/register", request, { anonymous: true });
}
