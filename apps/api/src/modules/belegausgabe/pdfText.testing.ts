import { extractText, getDocumentProxy } from "unpdf";

/** The text of every page of a PDF (pdf.js through unpdf), to check what a document prints. */
export async function pdfSeiten(bytes: Uint8Array | Buffer): Promise<string[]> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: false });
  return text;
}
