import { FallbackPage } from "../fallback/FallbackPage.tsx";

/** Stub (issue 5): the zahlungsziel screens. */
export const ZahlungszielList = FallbackPage;
export const ZahlungszielEdit = FallbackPage;
export const LieferbedingungList = FallbackPage;
export const LieferbedingungEdit = FallbackPage;
export const ZahlungsbedingungList = FallbackPage;
export const ZahlungsbedingungEdit = FallbackPage;
