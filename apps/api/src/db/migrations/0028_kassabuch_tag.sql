CREATE TABLE "kassabuch_tag" (
	"mandant_id" bigint DEFAULT nullif(current_setting('kontor.mandant_id', true), '')::bigint NOT NULL,
	"datum" date NOT NULL,
	"anzahl" integer NOT NULL,
	"einnahmen_anzahl" integer NOT NULL,
	"einnahmen" numeric NOT NULL,
	"ausgaben" numeric NOT NULL,
	"tiefst" numeric NOT NULL,
	CONSTRAINT "kassabuch_tag_pkey" PRIMARY KEY("mandant_id","datum")
);
--> statement-breakpoint
ALTER TABLE "kassabuch_tag" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "kassabuch_tag" ADD CONSTRAINT "kassabuch_tag_mandant_fk" FOREIGN KEY ("mandant_id") REFERENCES "public"."mandant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE POLICY "kassabuch_tag_tenant_isolation" ON "kassabuch_tag" AS PERMISSIVE FOR ALL TO "kontor_app" USING (mandant_id = nullif(current_setting('kontor.mandant_id', true), '')::bigint) WITH CHECK (mandant_id = nullif(current_setting('kontor.mandant_id', true), '')::bigint);--> statement-breakpoint
-- The day rows are the triggers' alone: the application role reads them (RLS: its tenant's rows) and never writes.
REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON "kassabuch_tag" FROM kontor_app;
--> statement-breakpoint
-- Sums the given days of the book again from their entries: count, income count, income, expense and the least
-- running sum within the day (id order: the book's order within a day) relative to its start; a day without
-- entries loses its row. The days come as two arrays (tenant, day) of the same length.
CREATE FUNCTION kontor_kassabuch_tage(p_mandant bigint[], p_datum date[]) RETURNS void
  LANGUAGE sql SET search_path = public AS $$
  WITH tage AS (
    SELECT DISTINCT t.mandant_id, t.datum FROM unnest(p_mandant, p_datum) AS t(mandant_id, datum)
  ), summe AS (
    SELECT x.mandant_id, x.datum, count(*)::int AS anzahl,
           (count(*) FILTER (WHERE x.typ = 'einnahme'))::int AS einnahmen_anzahl,
           coalesce(sum(x.betrag) FILTER (WHERE x.typ = 'einnahme'), 0) AS einnahmen,
           coalesce(sum(x.betrag) FILTER (WHERE x.typ = 'ausgabe'), 0) AS ausgaben,
           min(x.lauf) AS tiefst
      FROM (SELECT k.mandant_id, k.datum, k.typ, k.betrag,
                   sum(CASE WHEN k.typ = 'einnahme' THEN k.betrag ELSE -k.betrag END)
                     OVER (PARTITION BY k.mandant_id, k.datum ORDER BY k.id) AS lauf
              FROM kassabuch_eintrag k
              JOIN tage t ON t.mandant_id = k.mandant_id AND t.datum = k.datum) x
     GROUP BY x.mandant_id, x.datum
  ), weg AS (
    DELETE FROM kassabuch_tag g USING tage t
     WHERE g.mandant_id = t.mandant_id AND g.datum = t.datum
       AND NOT EXISTS (SELECT 1 FROM summe s WHERE s.mandant_id = t.mandant_id AND s.datum = t.datum)
  )
  INSERT INTO kassabuch_tag AS g (mandant_id, datum, anzahl, einnahmen_anzahl, einnahmen, ausgaben, tiefst)
  SELECT mandant_id, datum, anzahl, einnahmen_anzahl, einnahmen, ausgaben, tiefst FROM summe
  ON CONFLICT (mandant_id, datum) DO UPDATE
    SET anzahl = EXCLUDED.anzahl, einnahmen_anzahl = EXCLUDED.einnahmen_anzahl, einnahmen = EXCLUDED.einnahmen,
        ausgaben = EXCLUDED.ausgaben, tiefst = EXCLUDED.tiefst
$$;
--> statement-breakpoint
-- After every statement that adds, changes or removes entries: the days it touched, summed again. The tenant's
-- cash-book lock (the key of kassabuch.repository.ts `sperren`, which every writer of the app holds already) is
-- taken first, so the day is summed with every committed entry in view (READ COMMITTED: a new snapshot after the
-- lock) and two transactions cannot overwrite each other's sums. SECURITY DEFINER: it writes what the application
-- role may not.
CREATE FUNCTION kontor_kassabuch_tag_trigger() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
  m bigint[];
  d date[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(x.mandant_id), array_agg(x.datum) INTO m, d FROM (SELECT DISTINCT mandant_id, datum FROM neu) x;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(x.mandant_id), array_agg(x.datum) INTO m, d FROM (SELECT DISTINCT mandant_id, datum FROM alt) x;
  ELSE
    SELECT array_agg(x.mandant_id), array_agg(x.datum) INTO m, d
      FROM (SELECT mandant_id, datum FROM neu UNION SELECT mandant_id, datum FROM alt) x;
  END IF;
  IF m IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM pg_advisory_xact_lock(hashtextextended('kassabuch:' || y.mandant_id, 0))
     FROM (SELECT DISTINCT unnest(m) AS mandant_id ORDER BY 1) y;
  PERFORM kontor_kassabuch_tage(m, d);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER kassabuch_tag_neu AFTER INSERT ON "kassabuch_eintrag"
  REFERENCING NEW TABLE AS neu FOR EACH STATEMENT EXECUTE FUNCTION kontor_kassabuch_tag_trigger();
--> statement-breakpoint
CREATE TRIGGER kassabuch_tag_wechsel AFTER UPDATE ON "kassabuch_eintrag"
  REFERENCING OLD TABLE AS alt NEW TABLE AS neu FOR EACH STATEMENT EXECUTE FUNCTION kontor_kassabuch_tag_trigger();
--> statement-breakpoint
CREATE TRIGGER kassabuch_tag_weg AFTER DELETE ON "kassabuch_eintrag"
  REFERENCING OLD TABLE AS alt FOR EACH STATEMENT EXECUTE FUNCTION kontor_kassabuch_tag_trigger();
--> statement-breakpoint
-- The book there is already.
SELECT kontor_kassabuch_tage(array_agg(x.mandant_id), array_agg(x.datum))
  FROM (SELECT DISTINCT mandant_id, datum FROM kassabuch_eintrag) x;
