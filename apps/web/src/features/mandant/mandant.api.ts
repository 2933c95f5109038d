import type { TMandant, TMandantInput } from "@kontor/domain/mandant/mandant.schema";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../app/api.ts";
import { mandantKeys } from "./mandant.queries.ts";

/** The shell's zod-free reads (mandant.queries.ts), here too for the administration and the sign-in. */
export { fetchMyMandants, mandantKeys, myMandantsQuery } from "./mandant.queries.ts";

/** The shared schema: loaded with the first call, not with the screens (zod is ~25 KB gzip, DESIGN §9). */
export const mandantSchemas = () => import("@kontor/domain/mandant/mandant.schema");

/** GET mandants/{id}: every field, addresses, modules, members and the billing stats. */
export const mandantQuery = (id: number) =>
  queryOptions({
    queryKey: mandantKeys.detail(id),
    queryFn: async ({ signal }) => {
      const [schemas, body] = await Promise.all([
        mandantSchemas(),
        api.get<unknown>(`mandants/${id}`, { signal, mandant: false }),
      ]);
      return schemas.ZMandant.parse(body);
    },
  });

/** PUT mandants: without id creates (admin), with id updates; answers the saved tenant. */
export async function saveMandant(mandant: TMandantInput): Promise<TMandant> {
  const [schemas, body] = await Promise.all([
    mandantSchemas(),
    api.put<unknown>("mandants", mandant, { mandant: false }),
  ]);
  return schemas.ZMandant.parse(body);
}

/** DELETE mandants/activate/{id} and mandants/deactivate/{id} (admin). */
export async function setMandantAktiv(id: number, aktiv: boolean): Promise<void> {
  await api.delete<void>(`mandants/${aktiv ? "activate" : "deactivate"}/${id}`, { mandant: false });
}

/** GET usersearch?search=: users by first name, last name or login (at most 20). */
export const userSearchQuery = (search: string) =>
  queryOptions({
    queryKey: mandantKeys.userSearch(search),
    queryFn: async ({ signal }) => {
      const [schemas, raw] = await Promise.all([
        mandantSchemas(),
        api.get<unknown>("usersearch", { signal, mandant: false, query: { search } }),
      ]);
      // SPEC §7: a search answer that is not an array counts as empty.
      return Array.isArray(raw) ? schemas.ZMandantUser.required({ login: true }).array().parse(raw) : [];
    },
    enabled: search.trim() !== "",
    staleTime: 30_000,
  });
