import { FallbackPage } from "../fallback/FallbackPage.tsx";

/** Stub (issue 5): the belegtext screens. */
export const BelegtextList = FallbackPage;
export const BelegtextEdit = FallbackPage;
export const HotHintList = FallbackPage;
export const HotHintEdit = FallbackPage;
