CREATE TABLE "arbeitszeit_tag_monat" (
	"mandant_id" bigint DEFAULT nullif(current_setting('kontor.mandant_id', true), '')::bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"monat" date NOT NULL,
	"netto" integer NOT NULL,
	CONSTRAINT "arbeitszeit_tag_monat_pkey" PRIMARY KEY("mandant_id","user_id","monat")
);
--> statement-breakpoint
ALTER TABLE "arbeitszeit_tag_monat" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "arbeitszeit_tag_monat" ADD CONSTRAINT "arbeitszeit_tag_monat_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "arbeitszeit_tag_monat" ADD CONSTRAINT "arbeitszeit_tag_monat_mandant_fk" FOREIGN KEY ("mandant_id") REFERENCES "public"."mandant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE POLICY "arbeitszeit_tag_monat_tenant_isolation" ON "arbeitszeit_tag_monat" AS PERMISSIVE FOR ALL TO "kontor_app" USING (mandant_id = nullif(current_setting('kontor.mandant_id', true), '')::bigint) WITH CHECK (mandant_id = nullif(current_setting('kontor.mandant_id', true), '')::bigint);--> statement-breakpoint
-- The month rows are the trigger's alone: the application role reads them (RLS: its tenant's rows) and never writes.
REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON "arbeitszeit_tag_monat" FROM kontor_app;
--> statement-breakpoint
-- Sums the given months (tenant, employee, first day) again from their day rows; a month without days loses its row.
CREATE FUNCTION kontor_arbeitszeit_monate(p_mandant bigint[], p_user bigint[], p_monat date[]) RETURNS void
  LANGUAGE sql SET search_path = public AS $$
  WITH monate AS (
    SELECT DISTINCT m.mandant_id, m.user_id, m.monat FROM unnest(p_mandant, p_user, p_monat) AS m(mandant_id, user_id, monat)
  ), summe AS (
    SELECT m.mandant_id, m.user_id, m.monat, sum(t.netto)::int AS netto
      FROM monate m
      JOIN arbeitszeit_tag t ON t.mandant_id = m.mandant_id AND t.user_id = m.user_id
       AND t.datum >= m.monat AND t.datum < (m.monat + interval '1 month')::date
     GROUP BY m.mandant_id, m.user_id, m.monat
  ), weg AS (
    DELETE FROM arbeitszeit_tag_monat g USING monate m
     WHERE g.mandant_id = m.mandant_id AND g.user_id = m.user_id AND g.monat = m.monat
       AND NOT EXISTS (SELECT 1 FROM summe s WHERE s.mandant_id = m.mandant_id AND s.user_id = m.user_id AND s.monat = m.monat)
  )
  INSERT INTO arbeitszeit_tag_monat AS g (mandant_id, user_id, monat, netto)
  SELECT mandant_id, user_id, monat, netto FROM summe
  ON CONFLICT (mandant_id, user_id, monat) DO UPDATE SET netto = EXCLUDED.netto
$$;
--> statement-breakpoint
-- After every statement that writes day rows: the months it touched, summed again. Every writer of day rows holds
-- the employee's lock (arbeitszeit.repository.ts `sperren`) or rebuilds the whole tenant in one transaction, so a
-- month is summed with every committed day in view. SECURITY DEFINER: it writes what the application role may not.
CREATE FUNCTION kontor_arbeitszeit_tag_trigger() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
  m bigint[];
  u bigint[];
  d date[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(x.mandant_id), array_agg(x.user_id), array_agg(x.monat) INTO m, u, d
      FROM (SELECT DISTINCT mandant_id, user_id, date_trunc('month', datum)::date AS monat FROM neu) x;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(x.mandant_id), array_agg(x.user_id), array_agg(x.monat) INTO m, u, d
      FROM (SELECT DISTINCT mandant_id, user_id, date_trunc('month', datum)::date AS monat FROM alt) x;
  ELSE
    SELECT array_agg(x.mandant_id), array_agg(x.user_id), array_agg(x.monat) INTO m, u, d
      FROM (SELECT mandant_id, user_id, date_trunc('month', datum)::date AS monat FROM neu
            UNION SELECT mandant_id, user_id, date_trunc('month', datum)::date FROM alt) x;
  END IF;
  IF m IS NOT NULL THEN
    PERFORM kontor_arbeitszeit_monate(m, u, d);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER arbeitszeit_tag_monat_neu AFTER INSERT ON "arbeitszeit_tag"
  REFERENCING NEW TABLE AS neu FOR EACH STATEMENT EXECUTE FUNCTION kontor_arbeitszeit_tag_trigger();
--> statement-breakpoint
CREATE TRIGGER arbeitszeit_tag_monat_wechsel AFTER UPDATE ON "arbeitszeit_tag"
  REFERENCING NEW TABLE AS neu OLD TABLE AS alt FOR EACH STATEMENT EXECUTE FUNCTION kontor_arbeitszeit_tag_trigger();
--> statement-breakpoint
CREATE TRIGGER arbeitszeit_tag_monat_weg AFTER DELETE ON "arbeitszeit_tag"
  REFERENCING OLD TABLE AS alt FOR EACH STATEMENT EXECUTE FUNCTION kontor_arbeitszeit_tag_trigger();
--> statement-breakpoint
-- The months of the days there are.
INSERT INTO arbeitszeit_tag_monat (mandant_id, user_id, monat, netto)
SELECT mandant_id, user_id, date_trunc('month', datum)::date, sum(netto)::int
  FROM arbeitszeit_tag GROUP BY 1, 2, 3;
