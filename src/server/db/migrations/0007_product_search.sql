DROP INDEX "products_supplier_idx";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_text" text GENERATED ALWAYS AS (btrim(regexp_replace(replace(replace(replace(lower(regexp_replace(normalize(coalesce("name", '') || ' ' || coalesce("sku", '') || ' ' || coalesce("description", ''), NFD), '[\u0300-\u036f]', '', 'g')), chr(223), 'ss'), chr(230), 'ae'), chr(339), 'oe'), '[\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+', ' ', 'g'), ' ')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sort_key" text GENERATED ALWAYS AS (btrim(regexp_replace(replace(replace(replace(lower(regexp_replace(normalize("name", NFD), '[\u0300-\u036f]', '', 'g')), chr(223), 'ss'), chr(230), 'ae'), chr(339), 'oe'), '[\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+', ' ', 'g'), ' ')) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "products_search_trgm_idx" ON "products" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_sort_key_idx" ON "products" USING btree ("sort_key" collate "C","id");--> statement-breakpoint
CREATE INDEX "products_supplier_sort_key_idx" ON "products" USING btree ("supplier_id","sort_key" collate "C","id");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_price_nonnegative" CHECK ("products"."price" >= 0);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_cost_nonnegative" CHECK ("products"."cost" >= 0);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_stock_nonnegative" CHECK ("products"."stock_quantity" >= 0);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_min_stock_nonnegative" CHECK ("products"."min_stock" >= 0);