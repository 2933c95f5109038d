import { once } from "node:events";
import { sql } from "drizzle-orm";
import { openDatabase } from "../../db/client.ts";
import { withTenant } from "../../db/tenant.ts";
import { allocateNumber, type NumberCircleRef } from "./nummernkreis.service.ts";

/**
 * Test helper for the two-process allocation test (nummernkreis.service.test.ts). Opens the PostgreSQL database
 * of DATABASE_URL, prints "ready" and waits for a line on stdin (so both processes start allocating together),
 * then allocates COUNT numbers of one circle concurrently, each in its own tenant transaction as a finalizing
 * document would, and prints them as a JSON array.
 * Usage: DATABASE_URL=… node --import tsx allocate.script.ts <mandantId> <beleg|rechnung> <circleId> <count> <year>
 */
const [mandantId, kreis, id, count, year] = process.argv
  .slice(2)
  .map((arg, i) => (i === 1 ? arg : Number(arg)));
const databaseUrl = process.env.DATABASE_URL;
if (
  !databaseUrl ||
  (kreis !== "beleg" && kreis !== "rechnung") ||
  [mandantId, id, count, year].some((n) => !n)
) {
  console.error("usage: DATABASE_URL=… allocate.script.ts <mandantId> <beleg|rechnung> <id> <count> <year>");
  process.exit(2);
}

const database = await openDatabase({ databaseUrl });
try {
  // Open the pool's connections before the start signal, so allocation is what runs concurrently.
  await Promise.all(Array.from({ length: 10 }, () => database.db.execute(sql`select 1`)));
  process.stdout.write("ready\n");
  await once(process.stdin, "data");
  const circle: NumberCircleRef = { kreis, id: Number(id) };
  const date = { year: Number(year), month: 1 };
  const numbers = await Promise.all(
    Array.from({ length: Number(count) }, () =>
      withTenant(database.db, Number(mandantId), (tx) => allocateNumber(tx, circle, date)),
    ),
  );
  process.stdout.write(`${JSON.stringify(numbers)}\n`);
} finally {
  process.stdin.destroy();
  await database.close();
}
