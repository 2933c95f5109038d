ALTER TABLE "mandant" ADD COLUMN "iban" text;--> statement-breakpoint
ALTER TABLE "mandant" ADD COLUMN "bic" text;--> statement-breakpoint
ALTER TABLE "mandant" ADD COLUMN "bank_name" text;