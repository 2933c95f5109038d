/**
 * The editor's parts after the first tab, in one chunk loaded right after the screen: the text blocks with the
 * rich text, the custom fields, the history and the actions with their dialogs.
 */
export { BelegAktionen } from "./BelegAktionen.tsx";
export { BelegFelder } from "./BelegFelder.tsx";
export { BelegHistorie } from "./BelegHistorie.tsx";
export { BelegTexte } from "./BelegTexte.tsx";
