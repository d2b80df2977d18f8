CREATE TABLE "menu_visitors" (
	"visitor" text NOT NULL,
	"menu_id" uuid NOT NULL,
	"counted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "menu_visitors_visitor_menu_id_pk" PRIMARY KEY("visitor","menu_id")
);
--> statement-breakpoint
ALTER TABLE "menu_visitors" ADD CONSTRAINT "menu_visitors_menu_id_wine_menus_id_fk" FOREIGN KEY ("menu_id") REFERENCES "public"."wine_menus"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "menu_visitors_counted_at_idx" ON "menu_visitors" USING btree ("counted_at");