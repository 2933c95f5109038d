import { FallbackPage } from "../fallback/FallbackPage.tsx";

/** Stub (issue 5): the rechnungsvorlage screens. */
export const RechnungsvorlageList = FallbackPage;
export const RechnungsvorlageEdit = FallbackPage;
