/**
 * What the customer list shows a moment after its table (one chunk): the quick search (a combobox) and the
 * selection bar. The list's first load has no room for them (DESIGN §9: every route ≤ 300 KB gzip).
 */
export { KundeAuswahlLeiste } from "./KundeAuswahlLeiste.tsx";
export { KundeSearchField } from "./quick/KundeSearchField.tsx";
