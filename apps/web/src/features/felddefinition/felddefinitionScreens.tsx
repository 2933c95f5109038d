import { FallbackPage } from "../fallback/FallbackPage.tsx";

/** Stub (issue 5): the felddefinition screens. */
export const KundefelddefinitionList = FallbackPage;
export const KundefelddefinitionEdit = FallbackPage;
export const ArtikelfelddefinitionList = FallbackPage;
export const ArtikelfelddefinitionEdit = FallbackPage;
export const BelegfelddefinitionList = FallbackPage;
export const BelegfelddefinitionEdit = FallbackPage;
