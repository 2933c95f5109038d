-- Hand-written first migration (drizzle-kit emits neither extensions nor idempotent roles; DESIGN §10).
-- Trigram search for the fast searches of later issues.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- The role every request transaction switches to with SET LOCAL ROLE. Roles are cluster-wide, so a second
-- database on the same server finds it already there.
DO $$
BEGIN
  CREATE ROLE kontor_app NOLOGIN NOSUPERUSER NOBYPASSRLS;
EXCEPTION WHEN duplicate_object THEN NULL;
END $$;
--> statement-breakpoint
-- The connecting user must be allowed to SET ROLE kontor_app (a superuser always may).
DO $$
BEGIN
  EXECUTE format('GRANT kontor_app TO %I', current_user);
EXCEPTION WHEN OTHERS THEN NULL;
END $$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO kontor_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO kontor_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO kontor_app;
