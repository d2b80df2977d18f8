CREATE TABLE "analytics_supplier_daily" (
	"day" date NOT NULL,
	"supplier_id" uuid NOT NULL,
	"orders" integer NOT NULL,
	"revenue" numeric(16, 2) NOT NULL,
	"commissions" numeric(16, 2) NOT NULL,
	CONSTRAINT "analytics_supplier_daily_day_supplier_id_pk" PRIMARY KEY("day","supplier_id")
);
--> statement-breakpoint
ALTER TABLE "analytics_supplier_daily" ADD CONSTRAINT "analytics_supplier_daily_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_supplier_daily_supplier_idx" ON "analytics_supplier_daily" USING btree ("supplier_id","day");--> statement-breakpoint
-- Hand-written (docs/decisions/0015): the daily summary follows every order write, in the same transaction.
-- A day is the calendar day of order_date in America/Sao_Paulo; cancelled orders count nowhere.
CREATE FUNCTION "analytics_supplier_daily_add"(p_day date, p_supplier uuid, p_orders integer, p_revenue numeric, p_commissions numeric)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO analytics_supplier_daily AS s (day, supplier_id, orders, revenue, commissions)
  VALUES (p_day, p_supplier, p_orders, p_revenue, p_commissions)
  ON CONFLICT (day, supplier_id) DO UPDATE
    SET orders = s.orders + excluded.orders, revenue = s.revenue + excluded.revenue, commissions = s.commissions + excluded.commissions;
  IF p_orders < 0 THEN
    DELETE FROM analytics_supplier_daily WHERE day = p_day AND supplier_id = p_supplier AND orders <= 0;
  END IF;
END $$;
--> statement-breakpoint
CREATE FUNCTION "orders_analytics_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
    AND (OLD.status = 'cancelled') = (NEW.status = 'cancelled')
    AND OLD.order_date = NEW.order_date AND OLD.supplier_id = NEW.supplier_id
    AND OLD.total_amount = NEW.total_amount AND OLD.commission_amount = NEW.commission_amount THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status <> 'cancelled' THEN
    PERFORM analytics_supplier_daily_add((OLD.order_date AT TIME ZONE 'America/Sao_Paulo')::date, OLD.supplier_id, -1,
      -OLD.total_amount, -OLD.commission_amount);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status <> 'cancelled' THEN
    PERFORM analytics_supplier_daily_add((NEW.order_date AT TIME ZONE 'America/Sao_Paulo')::date, NEW.supplier_id, 1,
      NEW.total_amount, NEW.commission_amount);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "orders_analytics_sync" AFTER INSERT OR DELETE OR UPDATE OF status, order_date, supplier_id, total_amount, commission_amount
  ON "orders" FOR EACH ROW EXECUTE FUNCTION "orders_analytics_sync"();
--> statement-breakpoint
-- Rebuilds the summary from the orders (after a bulk load with the trigger disabled, or to check it).
CREATE FUNCTION "analytics_supplier_daily_rebuild"() RETURNS void LANGUAGE sql AS $$
  DELETE FROM analytics_supplier_daily;
  INSERT INTO analytics_supplier_daily (day, supplier_id, orders, revenue, commissions)
  SELECT (order_date AT TIME ZONE 'America/Sao_Paulo')::date, supplier_id, count(*), sum(total_amount), sum(commission_amount)
  FROM orders WHERE status <> 'cancelled'
  GROUP BY 1, 2;
$$;
--> statement-breakpoint
SELECT "analytics_supplier_daily_rebuild"();
--> statement-breakpoint
-- Alerts: orders still pending, found without reading the rest of the orders.
CREATE INDEX "orders_pending_date_idx" ON "orders" USING btree ("order_date") INCLUDE ("supplier_id", "establishment_id") WHERE "status" = 'pending';
