import { AUTHORITIES, MODULES, type TAuthority, type TModul } from "@kontor/domain/access/access.schema";
import { count, eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../config.ts";
import type { Db } from "../db/client.ts";
import { adresse, appSetting, appUser, mandant, mandantModul } from "../db/schema/index.ts";
import { seedTenantStammdaten } from "../modules/stammdaten/seed.ts";
import { insertUser } from "../modules/user/user.repository.ts";
import { seedDemoKatalog } from "./demo.ts";
import { type Inject, seedDemoStammdaten } from "./demoStammdaten.ts";

export class BootstrapError extends Error {}

export interface NewMandant {
  bezeichnung: string;
  aktiv?: boolean;
  uid?: string;
  email?: string;
  modules?: readonly TModul[];
  adresse?: { strasse: string; hausNummer: string; plz: string; ort: string; land: string };
}

/** Creates a tenant with its modules and address (runs as the owner, outside any tenant transaction). */
export async function createMandant(db: Db, input: NewMandant): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(mandant)
      .values({
        bezeichnung: input.bezeichnung,
        aktiv: input.aktiv ?? true,
        uid: input.uid,
        email: input.email,
      })
      .returning({ id: mandant.id });
    const mandantId = row!.id;
    if (input.modules?.length) {
      await tx.insert(mandantModul).values(input.modules.map((modul) => ({ mandantId, modul })));
    }
    if (input.adresse) {
      await tx.insert(adresse).values({ mandantId, adressenTyp: "rechnungsadresse", ...input.adresse });
    }
    await seedTenantStammdaten(tx, mandantId, input.adresse?.land);
    return mandantId;
  });
}

export interface NewUser {
  login: string;
  email: string;
  password: string;
  firstName?: string;
  lastName?: string;
  langKey?: "de" | "en";
  activated?: boolean;
  authorities: readonly TAuthority[];
  mandantIds?: readonly number[];
}

export function createUser(db: Db, input: NewUser): Promise<number> {
  return insertUser(db, { ...input, modifiedBy: "system" });
}

const DEMO_MARKER = "seed.demo";

/**
 * The demo tenant and logins of the README (embedded default, or KONTOR_DEMO_DATA=true). Seeded once. With the
 * app's `inject`, also its master data, conditions, documents and a news item through the app's own routes
 * (demoStammdaten.ts). That part is best effort: a failure goes to `onError` and the start goes on (the tenant and
 * logins are there, and a second start must not make them again).
 */
export async function seedDemoData(
  db: Db,
  withApp?: { inject: Inject; onError: (error: unknown) => void },
): Promise<boolean> {
  const [marker] = await db.select().from(appSetting).where(eq(appSetting.key, DEMO_MARKER));
  if (marker) return false;
  const mandantId = await createMandant(db, {
    bezeichnung: "Muster Handels GmbH",
    uid: "ATU12345675",
    email: "office@muster-handels.at",
    modules: MODULES,
    adresse: { strasse: "Mariahilfer Straße", hausNummer: "1", plz: "1060", ort: "Wien", land: "AT" },
  });
  // What invoices and e-invoices name of the seller besides: bank account, phone and contact person (XRechnung).
  await db
    .update(mandant)
    .set({
      iban: "AT611904300234573201",
      bic: "BKAUATWW",
      bankName: "Bank Austria",
      telefon: "+43 1 234 56 78",
      kontaktName: "Anna Admin",
    })
    .where(eq(mandant.id, mandantId));
  const adminId = await createUser(db, {
    login: "admin",
    email: "admin@muster-handels.at",
    password: "admin123",
    firstName: "Anna",
    lastName: "Admin",
    authorities: AUTHORITIES,
    mandantIds: [mandantId],
  });
  await createUser(db, {
    login: "user",
    email: "user@muster-handels.at",
    password: "user123",
    firstName: "Max",
    lastName: "Muster",
    // A normal user who also keeps the cash register (the cash book needs its own role, issue 17).
    authorities: ["ROLE_USER", "ROLE_KASSABUCH"],
    mandantIds: [mandantId],
  });
  await seedDemoKatalog(db, mandantId, adminId);
  if (withApp) await seedDemoStammdaten(withApp.inject, mandantId).catch(withApp.onError);
  await db.insert(appSetting).values({ key: DEMO_MARKER, value: new Date().toISOString() });
  return true;
}

/**
 * First-start data: the demo data when configured (default on the embedded database); otherwise, on an empty
 * database, a single administrator whose password comes from KONTOR_ADMIN_PASSWORD.
 */
export async function bootstrapData(db: Db, config: Config, log: FastifyBaseLogger, inject?: Inject) {
  if (config.demoData) {
    const withApp = inject && {
      inject,
      onError: (error: unknown) => log.warn({ err: error }, "demo master data and documents not seeded"),
    };
    if (await seedDemoData(db, withApp)) log.info("demo data seeded: logins admin/admin123 and user/user123");
    return;
  }
  const [users] = await db.select({ n: count() }).from(appUser);
  if ((users?.n ?? 0) > 0) return;
  if (!config.adminPassword) {
    throw new BootstrapError(
      "Configuration error: the database has no users; set KONTOR_ADMIN_PASSWORD for the first administrator (or KONTOR_DEMO_DATA=true).",
    );
  }
  await createUser(db, {
    login: "admin",
    email: "admin@localhost",
    password: config.adminPassword,
    authorities: AUTHORITIES,
  });
  log.info("created the first administrator 'admin'");
}
