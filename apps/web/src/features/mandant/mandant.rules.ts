import type { TMandantSummary } from "@kontor/domain/mandant/mandant.schema";

/**
 * The tenant to work in after sign-in (SPEC §4): the one selected last on this device if the user still belongs
 * to it and it is active, otherwise the user's first active tenant; none if the user has no active tenant.
 */
export function pickMandant(mandants: readonly TMandantSummary[], storedId: number | null): number | null {
  const stored = mandants.find((mandant) => mandant.id === storedId && mandant.aktiv);
  return (stored ?? mandants.find((mandant) => mandant.aktiv))?.id ?? null;
}
