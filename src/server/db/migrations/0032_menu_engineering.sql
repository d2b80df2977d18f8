-- Menu engineering (issue 32): what each bottle cost (weighted average per cellar item, recorded on every movement),
-- each menu wine's price history (kept by a trigger, whoever writes the price), and the margin an establishment aims at.
CREATE TABLE "menu_engineering_settings" (
	"establishment_id" uuid PRIMARY KEY NOT NULL,
	"target_margin_percent" numeric(5, 2) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "menu_wine_prices" (
	"menu_wine_id" uuid NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"price" numeric(10, 2) NOT NULL,
	"by_the_glass" boolean NOT NULL,
	"glass_price" numeric(10, 2),
	"glass_doses" integer NOT NULL,
	"glass_markup_percent" numeric(6, 2),
	CONSTRAINT "menu_wine_prices_menu_wine_id_valid_from_pk" PRIMARY KEY("menu_wine_id","valid_from")
);
--> statement-breakpoint
ALTER TABLE "cellar_items" ADD COLUMN "avg_cost_cents" integer;--> statement-breakpoint
ALTER TABLE "cellar_movements" ADD COLUMN "cost_cents" integer;--> statement-breakpoint
ALTER TABLE "menu_engineering_settings" ADD CONSTRAINT "menu_engineering_settings_establishment_id_establishments_id_fk" FOREIGN KEY ("establishment_id") REFERENCES "public"."establishments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_wine_prices" ADD CONSTRAINT "menu_wine_prices_menu_wine_id_menu_wines_id_fk" FOREIGN KEY ("menu_wine_id") REFERENCES "public"."menu_wines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE OR REPLACE FUNCTION menu_wine_prices_keep() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO menu_wine_prices (menu_wine_id, valid_from, price, by_the_glass, glass_price, glass_doses, glass_markup_percent)
  VALUES (NEW.id, clock_timestamp(), NEW.price, NEW.by_the_glass, NEW.glass_price, NEW.glass_doses, NEW.glass_markup_percent)
  ON CONFLICT (menu_wine_id, valid_from) DO UPDATE SET
    price = EXCLUDED.price, by_the_glass = EXCLUDED.by_the_glass, glass_price = EXCLUDED.glass_price,
    glass_doses = EXCLUDED.glass_doses, glass_markup_percent = EXCLUDED.glass_markup_percent;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER menu_wine_prices_on_insert
  AFTER INSERT ON menu_wines
  FOR EACH ROW EXECUTE FUNCTION menu_wine_prices_keep();
--> statement-breakpoint
CREATE TRIGGER menu_wine_prices_on_update
  AFTER UPDATE OF price, by_the_glass, glass_price, glass_doses, glass_markup_percent ON menu_wines
  FOR EACH ROW
  WHEN (OLD.price IS DISTINCT FROM NEW.price OR OLD.by_the_glass IS DISTINCT FROM NEW.by_the_glass
    OR OLD.glass_price IS DISTINCT FROM NEW.glass_price OR OLD.glass_doses IS DISTINCT FROM NEW.glass_doses
    OR OLD.glass_markup_percent IS DISTINCT FROM NEW.glass_markup_percent)
  EXECUTE FUNCTION menu_wine_prices_keep();
--> statement-breakpoint
-- What existed before: each wine's price today, from when it was added (its earlier prices were not kept).
INSERT INTO menu_wine_prices (menu_wine_id, valid_from, price, by_the_glass, glass_price, glass_doses, glass_markup_percent)
SELECT id, created_at, price, by_the_glass, glass_price, glass_doses, glass_markup_percent FROM menu_wines;
--> statement-breakpoint
-- Movements before this release: the last unit cost each item knew stands for what they cost (decision 0102). The
-- items' average starts empty: until their next delivery it is their last unit cost.
UPDATE cellar_movements m SET cost_cents = CASE
    WHEN m.reason = 'glass_sale' THEN round(i.last_unit_cost * 100 / greatest(coalesce(m.bottle_doses, 1), 1))::integer
    ELSE abs(m.delta) * round(i.last_unit_cost * 100)::integer
  END
FROM cellar_items i
WHERE i.id = m.cellar_item_id AND i.last_unit_cost IS NOT NULL AND m.reason <> 'count';
