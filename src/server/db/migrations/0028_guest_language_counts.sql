-- Insights per guest language (issue 28): the counts so far were all read in pt-BR.
ALTER TABLE "menu_event_counts" ADD COLUMN "lang" text DEFAULT 'pt-BR' NOT NULL;--> statement-breakpoint
ALTER TABLE "menu_view_counts" ADD COLUMN "lang" text DEFAULT 'pt-BR' NOT NULL;--> statement-breakpoint
ALTER TABLE "menu_event_counts" DROP CONSTRAINT "menu_event_counts_menu_id_hour_kind_subject_found_pk";--> statement-breakpoint
ALTER TABLE "menu_view_counts" DROP CONSTRAINT "menu_view_counts_menu_id_hour_source_table_no_pk";--> statement-breakpoint
ALTER TABLE "menu_event_counts" ADD CONSTRAINT "menu_event_counts_menu_id_hour_kind_subject_found_lang_pk" PRIMARY KEY("menu_id","hour","kind","subject","found","lang");--> statement-breakpoint
ALTER TABLE "menu_view_counts" ADD CONSTRAINT "menu_view_counts_menu_id_hour_source_table_no_lang_pk" PRIMARY KEY("menu_id","hour","source","table_no","lang");
