-- Issue 7: one number counter per tenant AND kind (customers, articles). The customers' counter table becomes
-- stammnummer_stand; its rows keep their last number as art 'kunde' (written by hand: drizzle-kit would drop and
-- recreate the table, losing the counters).
ALTER TABLE "kunden_nummer_stand" RENAME TO "stammnummer_stand";--> statement-breakpoint
ALTER TABLE "stammnummer_stand" ADD COLUMN "art" text DEFAULT 'kunde' NOT NULL;--> statement-breakpoint
ALTER TABLE "stammnummer_stand" ALTER COLUMN "art" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "stammnummer_stand" DROP CONSTRAINT "kunden_nummer_stand_pkey";--> statement-breakpoint
ALTER TABLE "stammnummer_stand" ADD CONSTRAINT "stammnummer_stand_pkey" PRIMARY KEY("mandant_id","art");--> statement-breakpoint
ALTER TABLE "stammnummer_stand" ADD CONSTRAINT "stammnummer_stand_art_check" CHECK ("stammnummer_stand"."art" IN ('kunde', 'artikel'));--> statement-breakpoint
ALTER TABLE "stammnummer_stand" RENAME CONSTRAINT "kunden_nummer_stand_mandant_id_mandant_id_fk" TO "stammnummer_stand_mandant_id_mandant_id_fk";--> statement-breakpoint
ALTER POLICY "kunden_nummer_stand_tenant_isolation" ON "stammnummer_stand" RENAME TO "stammnummer_stand_tenant_isolation";
