CREATE TABLE "menu_view_counts" (
	"menu_id" uuid NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"source" text NOT NULL,
	"table_no" integer NOT NULL,
	"views" integer NOT NULL,
	CONSTRAINT "menu_view_counts_menu_id_hour_source_table_no_pk" PRIMARY KEY("menu_id","hour","source","table_no")
);
--> statement-breakpoint
ALTER TABLE "menu_view_counts" ADD CONSTRAINT "menu_view_counts_menu_id_wine_menus_id_fk" FOREIGN KEY ("menu_id") REFERENCES "public"."wine_menus"("id") ON DELETE cascade ON UPDATE no action;