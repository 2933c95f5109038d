import type { TMandantSummary } from "@kontor/domain/mandant/mandant.schema";

/**
 * The tenant to work in after sign-in or a reload (SPEC §4): the one selected last on this device if the user
 * still belongs to it and it is active; else the one the server remembers as the user's last choice
 * (account.selectedMandantId, POST selectedMandant) if still valid; else the user's first active tenant; none if
 * the user has no active tenant.
 */
export function pickMandant(
  mandants: readonly TMandantSummary[],
  storedId: number | null,
  rememberedId: number | null = null,
): number | null {
  const valid = (id: number | null) => mandants.find((mandant) => mandant.id === id && mandant.aktiv);
  return (valid(storedId) ?? valid(rememberedId) ?? mandants.find((mandant) => mandant.aktiv))?.id ?? null;
}
