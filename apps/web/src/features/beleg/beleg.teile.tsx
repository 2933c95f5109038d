/**
 * The editor's first tab, loaded right after the screen: the header with the customer search and the positions
 * with the article search (comboboxes, number inputs) would push the screen's first load over its budget.
 */
export { BelegKopf } from "./BelegKopf.tsx";
export { BelegPositionen } from "./BelegPositionen.tsx";
