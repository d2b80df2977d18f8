-- Menu engineering (issue 32): the bottles that came into each cellar item over a period (its available bottles) are
-- read from the few incoming movements, not from every movement of the period.
CREATE INDEX "cellar_movements_item_incoming_idx" ON "cellar_movements" USING btree ("cellar_item_id","created_at") WHERE "cellar_movements"."delta" > 0;
