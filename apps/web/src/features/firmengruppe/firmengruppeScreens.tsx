import { FallbackPage } from "../fallback/FallbackPage.tsx";

/** Stub (issue 5): the firmengruppe screens. */
export const FirmengruppeList = FallbackPage;
export const FirmengruppeEdit = FallbackPage;
