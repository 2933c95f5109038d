CREATE TABLE "mandant_logo" (
	"mandant_id" bigint DEFAULT nullif(current_setting('kontor.mandant_id', true), '')::bigint NOT NULL,
	"png" "bytea" NOT NULL,
	"breite" integer NOT NULL,
	"hoehe" integer NOT NULL,
	"groesse" integer NOT NULL,
	"geaendert_am" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mandant_logo_pkey" PRIMARY KEY("mandant_id")
);
--> statement-breakpoint
ALTER TABLE "mandant_logo" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "mandant" ADD COLUMN "pdf_layout" text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
ALTER TABLE "mandant" ADD COLUMN "fensterkuvert" text DEFAULT 'B' NOT NULL;--> statement-breakpoint
ALTER TABLE "mandant" ADD COLUMN "pdf_fusszeile" text;--> statement-breakpoint
ALTER TABLE "mandant_logo" ADD CONSTRAINT "mandant_logo_mandant_fk" FOREIGN KEY ("mandant_id") REFERENCES "public"."mandant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE POLICY "mandant_logo_tenant_isolation" ON "mandant_logo" AS PERMISSIVE FOR ALL TO "kontor_app" USING (mandant_id = nullif(current_setting('kontor.mandant_id', true), '')::bigint) WITH CHECK (mandant_id = nullif(current_setting('kontor.mandant_id', true), '')::bigint);