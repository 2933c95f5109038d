/*
 * Import-free (the customer list's chunk carries it; kunde.rules.ts brings zod along).
 */

type Text = string | null | undefined;

const sauber = (value: Text) => value?.trim().replace(/\s+/g, " ") ?? "";

/**
 * The customer's name as lists show it and sort it (issue 21: a list sorts by what it shows): a company by its
 * bezeichnung, a private person "last, first" without salutation ("Muster, Max") — the order of the API's
 * sortname ("muster max"); a private person without any name by the bezeichnung.
 */
export function listenname(kunde: {
  firma?: string | null | undefined;
  bezeichnung?: Text;
  vorname?: Text;
  nachname?: Text;
}): string {
  const bezeichnung = sauber(kunde.bezeichnung);
  if (kunde.firma !== "privatperson") return bezeichnung;
  const teile = [sauber(kunde.nachname), sauber(kunde.vorname)].filter((teil) => teil !== "");
  return teile.length === 0 ? bezeichnung : teile.join(", ");
}
