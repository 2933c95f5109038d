/**
 * Fills the {{name}} placeholders of a translated text (packages/i18n) with values — what i18next does in the web,
 * for the texts the server writes itself (mails, PDFs, exports). A placeholder without a value becomes empty.
 */
export const einsetzen = (text: string, werte: Readonly<Record<string, string | number>>) =>
  text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, key: string) => String(werte[key] ?? ""));
