CREATE TABLE "cellar_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"establishment_id" uuid NOT NULL,
	"catalog_wine_id" uuid,
	"name" text NOT NULL,
	"producer" text,
	"vintage" integer,
	"on_hand" integer DEFAULT 0 NOT NULL,
	"open_bottle_doses" integer DEFAULT 0 NOT NULL,
	"par_level" integer DEFAULT 0 NOT NULL,
	"case_size" integer,
	"last_unit_cost" numeric(12, 2),
	"last_supplier_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cellar_items_on_hand_nonnegative" CHECK ("cellar_items"."on_hand" >= 0),
	CONSTRAINT "cellar_items_open_bottle_doses_nonnegative" CHECK ("cellar_items"."open_bottle_doses" >= 0),
	CONSTRAINT "cellar_items_par_level_nonnegative" CHECK ("cellar_items"."par_level" >= 0),
	CONSTRAINT "cellar_items_case_size" CHECK ("cellar_items"."case_size" IS NULL OR "cellar_items"."case_size" IN (6, 12))
);
--> statement-breakpoint
CREATE TABLE "cellar_movements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cellar_item_id" uuid NOT NULL,
	"establishment_id" uuid NOT NULL,
	"user_id" uuid,
	"reason" text NOT NULL,
	"delta" integer NOT NULL,
	"dose_delta" integer DEFAULT 0 NOT NULL,
	"bottle_doses" integer,
	"on_hand_after" integer NOT NULL,
	"open_bottle_doses_after" integer NOT NULL,
	"order_id" uuid,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cellar_movements_on_hand_after_nonnegative" CHECK ("cellar_movements"."on_hand_after" >= 0),
	CONSTRAINT "cellar_movements_reason" CHECK ("cellar_movements"."reason" IN ('sale', 'glass_sale', 'delivery', 'count', 'breakage', 'tasting'))
);
--> statement-breakpoint
ALTER TABLE "menu_wines" ADD COLUMN "cellar_item_id" uuid;--> statement-breakpoint
ALTER TABLE "menu_wines" ADD COLUMN "by_the_glass" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "menu_wines" ADD COLUMN "glass_price" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "menu_wines" ADD COLUMN "glass_doses" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "menu_wines" ADD COLUMN "glass_markup_percent" numeric(6, 2);--> statement-breakpoint
ALTER TABLE "wine_menus" ADD COLUMN "sold_out_display" text DEFAULT 'show' NOT NULL;--> statement-breakpoint
ALTER TABLE "wine_menus" ADD COLUMN "low_stock_threshold" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "cellar_items" ADD CONSTRAINT "cellar_items_establishment_id_establishments_id_fk" FOREIGN KEY ("establishment_id") REFERENCES "public"."establishments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cellar_items" ADD CONSTRAINT "cellar_items_catalog_wine_id_catalog_wines_id_fk" FOREIGN KEY ("catalog_wine_id") REFERENCES "public"."catalog_wines"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cellar_items" ADD CONSTRAINT "cellar_items_last_supplier_id_suppliers_id_fk" FOREIGN KEY ("last_supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cellar_movements" ADD CONSTRAINT "cellar_movements_cellar_item_id_cellar_items_id_fk" FOREIGN KEY ("cellar_item_id") REFERENCES "public"."cellar_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cellar_movements" ADD CONSTRAINT "cellar_movements_establishment_id_establishments_id_fk" FOREIGN KEY ("establishment_id") REFERENCES "public"."establishments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cellar_movements" ADD CONSTRAINT "cellar_movements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cellar_movements" ADD CONSTRAINT "cellar_movements_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cellar_items_establishment_name_idx" ON "cellar_items" USING btree ("establishment_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "cellar_items_establishment_catalog_wine_key" ON "cellar_items" USING btree ("establishment_id","catalog_wine_id") WHERE "cellar_items"."catalog_wine_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "cellar_movements_item_created_idx" ON "cellar_movements" USING btree ("cellar_item_id","created_at");--> statement-breakpoint
CREATE INDEX "cellar_movements_establishment_created_idx" ON "cellar_movements" USING btree ("establishment_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "cellar_movements_order_item_key" ON "cellar_movements" USING btree ("order_id","cellar_item_id") WHERE "cellar_movements"."order_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "menu_wines" ADD CONSTRAINT "menu_wines_cellar_item_id_cellar_items_id_fk" FOREIGN KEY ("cellar_item_id") REFERENCES "public"."cellar_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "menu_wines_cellar_item_idx" ON "menu_wines" USING btree ("cellar_item_id");--> statement-breakpoint
ALTER TABLE "menu_wines" ADD CONSTRAINT "menu_wines_glass_doses_positive" CHECK ("menu_wines"."glass_doses" >= 1);--> statement-breakpoint
ALTER TABLE "wine_menus" ADD CONSTRAINT "wine_menus_sold_out_display" CHECK ("wine_menus"."sold_out_display" IN ('show', 'hide'));--> statement-breakpoint
ALTER TABLE "wine_menus" ADD CONSTRAINT "wine_menus_low_stock_threshold_nonnegative" CHECK ("wine_menus"."low_stock_threshold" >= 0);