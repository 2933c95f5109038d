import { FallbackPage } from "../fallback/FallbackPage.tsx";

/** Stub (issue 5): the einheit screens. */
export const EinheitList = FallbackPage;
export const EinheitEdit = FallbackPage;
