-- Customer searches read through this view (issue 6). Row-level security keeps a table's indexes away from query
-- conditions whose operators are not leakproof, and LIKE is not: under the tenant policy the trigram index on
-- kunde.suche is never used, so every search over 100 000 customers was a sequential scan. A view runs with its
-- owner's rights, i.e. without the policy; it applies the policy's own tenant condition, so it shows exactly the
-- selected tenant's customers (none without a tenant set) and the planner may use the trigram index. Read-only for
-- the application role. `*` is expanded now: a column added to kunde later needs the view recreated.
CREATE VIEW "kunde_mandant" AS
  SELECT * FROM "kunde" WHERE mandant_id = nullif(current_setting('kontor.mandant_id', true), '')::bigint;
--> statement-breakpoint
REVOKE ALL ON "kunde_mandant" FROM kontor_app;
--> statement-breakpoint
GRANT SELECT ON "kunde_mandant" TO kontor_app;
