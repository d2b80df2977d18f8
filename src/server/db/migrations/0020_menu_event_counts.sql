CREATE TABLE "menu_event_counts" (
	"menu_id" uuid NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"found" integer NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "menu_event_counts_menu_id_hour_kind_subject_found_pk" PRIMARY KEY("menu_id","hour","kind","subject","found")
);
--> statement-breakpoint
ALTER TABLE "menu_event_counts" ADD CONSTRAINT "menu_event_counts_menu_id_wine_menus_id_fk" FOREIGN KEY ("menu_id") REFERENCES "public"."wine_menus"("id") ON DELETE cascade ON UPDATE no action;