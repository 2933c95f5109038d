/**
 * The edit screen's tabs after Stammdaten, in one chunk loaded right after the screen: their inputs (multi-select,
 * tables, dialogs, the delivery-address quick create) would push the screen's first load over its budget.
 */
export { KundeAdressen } from "./KundeAdressen.tsx";
export { KundeCrm } from "./KundeCrm.tsx";
export { KundeDateien } from "./KundeDateien.tsx";
export { KundeFahrzeuge } from "./KundeFahrzeuge.tsx";
export { KundeFelder } from "./KundeFelder.tsx";
export { KundeKonditionen } from "./KundeKonditionen.tsx";
export { KundeKontakte } from "./KundeKontakte.tsx";
