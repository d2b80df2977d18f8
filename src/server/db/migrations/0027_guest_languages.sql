CREATE TABLE "menu_translations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"menu_id" uuid NOT NULL,
	"lang" text NOT NULL,
	"kind" text NOT NULL,
	"ref" text DEFAULT '' NOT NULL,
	"text" text NOT NULL,
	"draft" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "menu_translations_lang" CHECK ("menu_translations"."lang" IN ('en', 'es')),
	CONSTRAINT "menu_translations_kind" CHECK ("menu_translations"."kind" IN ('menu_name', 'menu_description', 'wine_description', 'category'))
);
--> statement-breakpoint
ALTER TABLE "wine_menus" ADD COLUMN "guest_languages" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "menu_translations" ADD CONSTRAINT "menu_translations_menu_id_wine_menus_id_fk" FOREIGN KEY ("menu_id") REFERENCES "public"."wine_menus"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "menu_translations_menu_lang_kind_ref_key" ON "menu_translations" USING btree ("menu_id","lang","kind","ref");--> statement-breakpoint
ALTER TABLE "wine_menus" ADD CONSTRAINT "wine_menus_guest_languages" CHECK ("wine_menus"."guest_languages" <@ ARRAY['en', 'es']::text[]);