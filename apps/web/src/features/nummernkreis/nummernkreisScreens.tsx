import { FallbackPage } from "../fallback/FallbackPage.tsx";

/** Stub (issue 5): the nummernkreis screens. */
export const BelegnummerkreisList = FallbackPage;
export const BelegnummerkreisEdit = FallbackPage;
export const RechnungskreisList = FallbackPage;
export const RechnungskreisEdit = FallbackPage;
