import { FallbackPage } from "../fallback/FallbackPage.tsx";

/** Stub (issue 5): the preisschiene screens. */
export const PreisschieneList = FallbackPage;
export const PreisschieneEdit = FallbackPage;
