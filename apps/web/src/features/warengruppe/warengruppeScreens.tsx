import { FallbackPage } from "../fallback/FallbackPage.tsx";

/** Stub (issue 5): the warengruppe screens. */
export const WarengruppeList = FallbackPage;
export const WarengruppeEdit = FallbackPage;
export const UntergruppeList = FallbackPage;
export const UntergruppeEdit = FallbackPage;
