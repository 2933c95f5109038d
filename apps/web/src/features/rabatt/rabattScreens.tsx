import { FallbackPage } from "../fallback/FallbackPage.tsx";

/** Stub (issue 5): the rabatt screens. */
export const RabattList = FallbackPage;
export const RabattEdit = FallbackPage;
