CREATE TABLE "catalog_revision" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"revision" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- The catalogue search reads an in-memory index now (decision 0030): nothing reads the trigram index any more.
DROP INDEX "catalog_wines_search_trgm_idx";--> statement-breakpoint
ALTER TABLE "catalog_revision" ADD CONSTRAINT "catalog_revision_single_row" CHECK ("id");--> statement-breakpoint
INSERT INTO "catalog_revision" ("id", "revision") VALUES (true, 0);--> statement-breakpoint
-- Once per statement, whatever it wrote: each app process reads its search index again on its next search.
CREATE FUNCTION "catalog_revision_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "catalog_revision" SET "revision" = "revision" + 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "catalog_wines_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "catalog_wines"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalog_revision_bump"();
