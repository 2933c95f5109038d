ALTER TABLE "beleg" ADD COLUMN "kaeufer_referenz" text;--> statement-breakpoint
ALTER TABLE "kunde" ADD COLUMN "kaeufer_referenz" text;--> statement-breakpoint
ALTER TABLE "kunde" ADD COLUMN "lieferanten_nummer" text;--> statement-breakpoint
ALTER TABLE "kunde" ADD COLUMN "e_rechnung_adresse" text;--> statement-breakpoint
ALTER TABLE "kunde" ADD COLUMN "e_rechnung_format" text;--> statement-breakpoint
ALTER TABLE "kunde" ADD COLUMN "e_rechnung_kanal" text DEFAULT 'pdf' NOT NULL;--> statement-breakpoint
ALTER TABLE "mandant" ADD COLUMN "telefon" text;--> statement-breakpoint
ALTER TABLE "mandant" ADD COLUMN "kontakt_name" text;--> statement-breakpoint
ALTER TABLE "mandant" ADD COLUMN "steuernummer" text;--> statement-breakpoint
ALTER TABLE "mandant" ADD COLUMN "e_rechnung_adresse" text;