/**
 * @kontor/erechnung — electronic invoices (issue 19): the EN 16931 model (modell.ts), the serializers per format,
 * the reader of incoming invoices and the product's own rule check. Pure server code: no database, no HTTP.
 */
export * from "./modell.ts";
