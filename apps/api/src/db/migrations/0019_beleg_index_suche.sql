DROP INDEX "beleg_datum_idx";--> statement-breakpoint
DROP INDEX "beleg_kunde_idx";--> statement-breakpoint
DROP INDEX "beleg_typ_idx";--> statement-breakpoint
CREATE INDEX "beleg_ursprung_idx" ON "beleg" USING btree ("mandant_id","ursprung_beleg_id");--> statement-breakpoint
CREATE INDEX "beleg_datum_idx" ON "beleg" USING btree ("mandant_id","beleg_datum" DESC NULLS FIRST,"beleg_nummer" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "beleg_kunde_idx" ON "beleg" USING btree ("mandant_id","kunde_id","beleg_datum" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "beleg_typ_idx" ON "beleg" USING btree ("mandant_id","belegs_typ","beleg_datum" DESC NULLS FIRST);--> statement-breakpoint
-- Document searches read through this view, as customer searches read through kunde_mandant (migration 0009): under
-- the tenant policy the trigram index on beleg_nummer is never used for LIKE (not leakproof). The view applies the
-- policy's own tenant condition with its owner's rights, so the planner may use the index; read-only for the
-- application role. `*` is expanded now: a column added to beleg later needs the view recreated.
CREATE VIEW "beleg_mandant" AS
  SELECT * FROM "beleg" WHERE mandant_id = nullif(current_setting('kontor.mandant_id', true), '')::bigint;
--> statement-breakpoint
REVOKE ALL ON "beleg_mandant" FROM kontor_app;
--> statement-breakpoint
GRANT SELECT ON "beleg_mandant" TO kontor_app;
