CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "catalog_wines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"country" text,
	"region" text,
	"grape_variety" text,
	"wine_style" text,
	"alcohol_content" text,
	"volume" text,
	"color" text,
	"aroma" text,
	"palate" text,
	"pairing" text,
	"image_url" text,
	"producer" text,
	"vintage" integer,
	"price_reference" numeric(10, 2),
	"sku_code" text,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "establishments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"address" text,
	"phone" text,
	"email" text,
	"website" text,
	"sommelier" text,
	"logo" text,
	"slug" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "suppliers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"company_name" text NOT NULL,
	"contact_person" text,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"address" text,
	"website" text,
	"commission_rate" numeric(5, 2) DEFAULT 0 NOT NULL,
	"contract_start_date" date,
	"contract_end_date" date,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_failures" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"ip" text NOT NULL,
	"failed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_establishments" (
	"user_id" uuid NOT NULL,
	"establishment_id" uuid NOT NULL,
	CONSTRAINT "user_establishments_user_id_establishment_id_pk" PRIMARY KEY("user_id","establishment_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"role" text NOT NULL,
	"supplier_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "menu_wines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"menu_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"price" numeric(10, 2) NOT NULL,
	"category" text NOT NULL,
	"country" text,
	"wine_style" text,
	"grape_variety" text,
	"alcohol_content" text,
	"volume" text DEFAULT '750ml' NOT NULL,
	"aging" text,
	"color" text,
	"aroma" text,
	"palate" text,
	"pairing" text,
	"image_url" text,
	"available" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wine_menus" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"establishment_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"slug" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_establishments" ADD CONSTRAINT "user_establishments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_establishments" ADD CONSTRAINT "user_establishments_establishment_id_establishments_id_fk" FOREIGN KEY ("establishment_id") REFERENCES "public"."establishments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_wines" ADD CONSTRAINT "menu_wines_menu_id_wine_menus_id_fk" FOREIGN KEY ("menu_id") REFERENCES "public"."wine_menus"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wine_menus" ADD CONSTRAINT "wine_menus_establishment_id_establishments_id_fk" FOREIGN KEY ("establishment_id") REFERENCES "public"."establishments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalog_wines_search_trgm_idx" ON "catalog_wines" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "catalog_wines_name_idx" ON "catalog_wines" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_wines_sku_key" ON "catalog_wines" USING btree ("sku_code");--> statement-breakpoint
CREATE UNIQUE INDEX "establishments_slug_key" ON "establishments" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "login_failures_lookup_idx" ON "login_failures" USING btree ("email","ip","failed_at");--> statement-breakpoint
CREATE INDEX "user_establishments_establishment_idx" ON "user_establishments" USING btree ("establishment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "menu_wines_menu_position_idx" ON "menu_wines" USING btree ("menu_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "wine_menus_establishment_slug_key" ON "wine_menus" USING btree ("establishment_id","slug");--> statement-breakpoint
CREATE INDEX "wine_menus_slug_idx" ON "wine_menus" USING btree ("slug");