import { defineConfig } from "drizzle-kit";

// Used only by `npm run db:generate` (drizzle-kit generate): compares the schema with the committed
// migrations and writes the next SQL file. Migrations are applied at startup by src/db/migrate.ts.
export default defineConfig({
  dialect: "postgresql",
  schema: "./apps/api/src/db/schema/index.ts",
  out: "./apps/api/src/db/migrations",
  entities: { roles: { provider: "", exclude: [], include: [] } },
});
