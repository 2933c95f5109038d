CREATE INDEX "kunde_zahlungsziel_idx" ON "kunde" USING btree ("mandant_id","zahlungsziel_id");--> statement-breakpoint
CREATE INDEX "kunde_lieferbedingung_idx" ON "kunde" USING btree ("mandant_id","lieferbedingung_id");--> statement-breakpoint
CREATE INDEX "kunde_zahlungsbedingung_idx" ON "kunde" USING btree ("mandant_id","zahlungsbedingung_id");--> statement-breakpoint
CREATE INDEX "kunde_preisschiene_idx" ON "kunde" USING btree ("mandant_id","preisschiene_id");