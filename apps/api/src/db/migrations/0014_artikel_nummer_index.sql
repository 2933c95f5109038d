CREATE INDEX "artikel_nummer_lower_idx" ON "artikel" USING btree ("mandant_id",lower("artikel_nummer"));--> statement-breakpoint
-- Statistics for the new expression now (written by hand): without them the planner takes lower(artikel_nummer) = …
-- for 0.5 % of the table and prefers the trigram index to this one (issue 7, the article quick search).
ANALYZE "artikel";
