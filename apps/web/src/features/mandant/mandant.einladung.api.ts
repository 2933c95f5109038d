import {
  type TEinladung,
  type TEinladungCreate,
  ZEinladung,
} from "@kontor/domain/einladung/einladung.schema";
import { queryOptions } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "../../app/api.ts";
import { mandantKeys } from "./mandant.queries.ts";

/*
 * Invitations into a tenant (issue 13): a tenant admin adds people from outside their tenants only by e-mail. Its
 * own module so the calls load with the members section (a lazy chunk), not with the tenant edit.
 */

/** GET mandants/{id}/einladungen: the pending invitations (not accepted, not expired), oldest first. */
export const einladungenQuery = (mandantId: number) =>
  queryOptions({
    queryKey: mandantKeys.einladungen(mandantId),
    queryFn: async ({ signal }) =>
      z
        .array(ZEinladung)
        .parse(await api.get<unknown>(`mandants/${mandantId}/einladungen`, { signal, mandant: false })),
  });

/**
 * POST mandants/{id}/einladungen (201): mails the address a link (the same answer whether it has an account).
 * 400 field errors at `email`; 429 error.tooManyAttempts when the tenant invited too many in the last hour.
 */
export async function invite(mandantId: number, request: TEinladungCreate): Promise<TEinladung> {
  return ZEinladung.parse(
    await api.post<unknown>(`mandants/${mandantId}/einladungen`, request, { mandant: false }),
  );
}

/** DELETE mandants/{id}/einladungen/{einladungId} (204): the mailed link stops working. */
export async function revokeEinladung(mandantId: number, einladungId: number): Promise<void> {
  await api.delete<void>(`mandants/${mandantId}/einladungen/${einladungId}`, { mandant: false });
}
