ALTER TABLE "menu_wines" ADD COLUMN "region" text;--> statement-breakpoint
ALTER TABLE "menu_wines" ADD COLUMN "producer" text;--> statement-breakpoint
ALTER TABLE "menu_wines" ADD COLUMN "vintage" integer;