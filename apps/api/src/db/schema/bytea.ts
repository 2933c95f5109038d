import { customType } from "drizzle-orm/pg-core";

/** A bytea column read as a Buffer (both drivers: node-postgres gives Buffers, PGlite Uint8Arrays). */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});
