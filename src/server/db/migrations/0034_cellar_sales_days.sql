-- Menu engineering (issue 32, decision 0103): each cellar item's sales per São Paulo day, kept by statement triggers
-- on the ledger whoever writes it, so a period's whole days are read from here (a row an item a day) and only the
-- hours around a price change from the movements.
CREATE TABLE "cellar_sales_days" (
	"cellar_item_id" uuid NOT NULL,
	"day" date NOT NULL,
	"establishment_id" uuid NOT NULL,
	"bottles" integer NOT NULL,
	"glasses" integer NOT NULL,
	"bottle_cost_cents" bigint NOT NULL,
	"glass_cost_cents" bigint NOT NULL,
	"without_cost" integer NOT NULL,
	CONSTRAINT "cellar_sales_days_cellar_item_id_day_pk" PRIMARY KEY("cellar_item_id","day")
);
--> statement-breakpoint
ALTER TABLE "cellar_sales_days" ADD CONSTRAINT "cellar_sales_days_cellar_item_id_cellar_items_id_fk" FOREIGN KEY ("cellar_item_id") REFERENCES "public"."cellar_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cellar_sales_days" ADD CONSTRAINT "cellar_sales_days_establishment_id_establishments_id_fk" FOREIGN KEY ("establishment_id") REFERENCES "public"."establishments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cellar_sales_days_establishment_day_idx" ON "cellar_sales_days" USING btree ("establishment_id","day");
--> statement-breakpoint
CREATE OR REPLACE FUNCTION cellar_sales_days_keep() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    -- Only days still there are taken from: an item deleted with its movements took its days with it.
    UPDATE cellar_sales_days d SET bottles = d.bottles - o.bottles, glasses = d.glasses - o.glasses,
      bottle_cost_cents = d.bottle_cost_cents - o.bottle_cost, glass_cost_cents = d.glass_cost_cents - o.glass_cost,
      without_cost = d.without_cost - o.without_cost
    FROM (
      SELECT cellar_item_id, (created_at AT TIME ZONE 'America/Sao_Paulo')::date AS day,
      coalesce(sum(-delta) FILTER (WHERE reason = 'sale'), 0) AS bottles,
      count(*) FILTER (WHERE reason = 'glass_sale') AS glasses,
      coalesce(sum(cost_cents) FILTER (WHERE reason = 'sale'), 0) AS bottle_cost,
      coalesce(sum(cost_cents) FILTER (WHERE reason = 'glass_sale'), 0) AS glass_cost,
      count(*) FILTER (WHERE cost_cents IS NULL) AS without_cost
      FROM old_rows WHERE reason IN ('sale', 'glass_sale') GROUP BY 1, 2
    ) o
    WHERE d.cellar_item_id = o.cellar_item_id AND d.day = o.day;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    -- In the items' order, as the ledger's writers lock the items: two batches never wait for each other crosswise.
    INSERT INTO cellar_sales_days (cellar_item_id, day, establishment_id, bottles, glasses, bottle_cost_cents,
      glass_cost_cents, without_cost)
    SELECT cellar_item_id, (created_at AT TIME ZONE 'America/Sao_Paulo')::date, (array_agg(establishment_id))[1],
      coalesce(sum(-delta) FILTER (WHERE reason = 'sale'), 0) AS bottles,
      count(*) FILTER (WHERE reason = 'glass_sale') AS glasses,
      coalesce(sum(cost_cents) FILTER (WHERE reason = 'sale'), 0) AS bottle_cost,
      coalesce(sum(cost_cents) FILTER (WHERE reason = 'glass_sale'), 0) AS glass_cost,
      count(*) FILTER (WHERE cost_cents IS NULL) AS without_cost
    FROM new_rows WHERE reason IN ('sale', 'glass_sale') GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (cellar_item_id, day) DO UPDATE SET
      bottles = cellar_sales_days.bottles + EXCLUDED.bottles, glasses = cellar_sales_days.glasses + EXCLUDED.glasses,
      bottle_cost_cents = cellar_sales_days.bottle_cost_cents + EXCLUDED.bottle_cost_cents,
      glass_cost_cents = cellar_sales_days.glass_cost_cents + EXCLUDED.glass_cost_cents,
      without_cost = cellar_sales_days.without_cost + EXCLUDED.without_cost;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER cellar_sales_days_on_insert
  AFTER INSERT ON cellar_movements REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION cellar_sales_days_keep();
--> statement-breakpoint
CREATE TRIGGER cellar_sales_days_on_update
  AFTER UPDATE ON cellar_movements
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION cellar_sales_days_keep();
--> statement-breakpoint
CREATE TRIGGER cellar_sales_days_on_delete
  AFTER DELETE ON cellar_movements REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION cellar_sales_days_keep();
--> statement-breakpoint
-- The ledger so far.
INSERT INTO cellar_sales_days (cellar_item_id, day, establishment_id, bottles, glasses, bottle_cost_cents, glass_cost_cents,
  without_cost)
SELECT cellar_item_id, (created_at AT TIME ZONE 'America/Sao_Paulo')::date, (array_agg(establishment_id))[1],
  coalesce(sum(-delta) FILTER (WHERE reason = 'sale'), 0) AS bottles,
      count(*) FILTER (WHERE reason = 'glass_sale') AS glasses,
      coalesce(sum(cost_cents) FILTER (WHERE reason = 'sale'), 0) AS bottle_cost,
      coalesce(sum(cost_cents) FILTER (WHERE reason = 'glass_sale'), 0) AS glass_cost,
      count(*) FILTER (WHERE cost_cents IS NULL) AS without_cost
FROM cellar_movements WHERE reason IN ('sale', 'glass_sale') GROUP BY 1, 2;
