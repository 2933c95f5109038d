/**
 * The edit screen's tabs after Stammdaten, in one chunk loaded right after the screen: their inputs (tables, the
 * supplier search, uploads) would push the screen's first load over its budget.
 */
export { ArtikelBilder } from "./ArtikelBilder.tsx";
export { ArtikelDateien } from "./ArtikelDateien.tsx";
export { ArtikelFelder } from "./ArtikelFelder.tsx";
export { ArtikelLieferanten } from "./ArtikelLieferanten.tsx";
export { ArtikelPreise } from "./ArtikelPreise.tsx";
export { ArtikelZahlen } from "./ArtikelZahlen.tsx";
