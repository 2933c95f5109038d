CREATE TABLE "beleg_anzahl" (
	"mandant_id" bigint DEFAULT nullif(current_setting('kontor.mandant_id', true), '')::bigint NOT NULL,
	"belegs_typ" text NOT NULL,
	"freigabe" boolean NOT NULL,
	"bezahlt" boolean NOT NULL,
	"storniert" boolean NOT NULL,
	"anzahl" bigint NOT NULL,
	CONSTRAINT "beleg_anzahl_pkey" PRIMARY KEY("mandant_id","belegs_typ","freigabe","bezahlt","storniert")
);
--> statement-breakpoint
ALTER TABLE "beleg_anzahl" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "beleg_anzahl" ADD CONSTRAINT "beleg_anzahl_mandant_fk" FOREIGN KEY ("mandant_id") REFERENCES "public"."mandant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "beleg_entwurf_idx" ON "beleg" USING btree ("mandant_id","beleg_datum" DESC NULLS FIRST,"beleg_nummer" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE NOT "beleg"."freigabe";--> statement-breakpoint
CREATE POLICY "beleg_anzahl_tenant_isolation" ON "beleg_anzahl" AS PERMISSIVE FOR ALL TO "kontor_app" USING (mandant_id = nullif(current_setting('kontor.mandant_id', true), '')::bigint) WITH CHECK (mandant_id = nullif(current_setting('kontor.mandant_id', true), '')::bigint);--> statement-breakpoint
-- The counts are the trigger's alone: the application role reads them (RLS: its tenant's rows) and never writes.
REVOKE INSERT, UPDATE, DELETE ON "beleg_anzahl" FROM kontor_app;
--> statement-breakpoint
-- One document row event moves one count from its old key to its new one. A deferred constraint trigger: the
-- counter rows are locked only while the transaction commits (not from a draft's insert to its commit), and one
-- advisory lock per tenant, taken first, orders every transaction's counter updates, so two commits can never wait
-- for each other's counter rows (no deadlock, whatever order their documents changed in). SECURITY DEFINER: it
-- writes what the application role may not.
CREATE FUNCTION beleg_anzahl_zaehlen() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
  mandant bigint := CASE WHEN TG_OP = 'DELETE' THEN OLD.mandant_id ELSE NEW.mandant_id END;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('beleg_anzahl:' || mandant, 0));
  IF TG_OP <> 'INSERT' THEN
    UPDATE beleg_anzahl SET anzahl = anzahl - 1
      WHERE mandant_id = OLD.mandant_id AND belegs_typ = OLD.belegs_typ AND freigabe = OLD.freigabe
        AND bezahlt = OLD.bezahlt AND storniert = OLD.storniert;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO beleg_anzahl AS a (mandant_id, belegs_typ, freigabe, bezahlt, storniert, anzahl)
      VALUES (NEW.mandant_id, NEW.belegs_typ, NEW.freigabe, NEW.bezahlt, NEW.storniert, 1)
      ON CONFLICT (mandant_id, belegs_typ, freigabe, bezahlt, storniert) DO UPDATE SET anzahl = a.anzahl + 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER beleg_anzahl_neu_weg AFTER INSERT OR DELETE ON "beleg"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION beleg_anzahl_zaehlen();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER beleg_anzahl_wechsel AFTER UPDATE OF belegs_typ, freigabe, bezahlt, storniert ON "beleg"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.belegs_typ IS DISTINCT FROM NEW.belegs_typ OR OLD.freigabe IS DISTINCT FROM NEW.freigabe
    OR OLD.bezahlt IS DISTINCT FROM NEW.bezahlt OR OLD.storniert IS DISTINCT FROM NEW.storniert)
  EXECUTE FUNCTION beleg_anzahl_zaehlen();
--> statement-breakpoint
-- The documents there are already.
INSERT INTO beleg_anzahl (mandant_id, belegs_typ, freigabe, bezahlt, storniert, anzahl)
  SELECT mandant_id, belegs_typ, freigabe, bezahlt, storniert, count(*) FROM beleg
  GROUP BY mandant_id, belegs_typ, freigabe, bezahlt, storniert;
