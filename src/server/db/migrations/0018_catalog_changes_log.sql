-- Decision 0036: each statement that changes catalogue wines records WHICH wines it changed, under the revision it
-- bumps; a statement that changes no row (UPDATE ... WHERE false, an update writing the same searchable values)
-- records nothing and bumps nothing. Writers take turns on catalog_revision's row, so revisions commit in order.
DROP TRIGGER "catalog_wines_revision" ON "catalog_wines";--> statement-breakpoint
DROP FUNCTION "catalog_revision_bump"();--> statement-breakpoint
CREATE FUNCTION "catalog_changes_record"(ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  next_revision bigint;
BEGIN
  IF cardinality(ids) = 0 THEN
    RETURN;
  END IF;
  UPDATE "catalog_revision" SET "revision" = "revision" + 1 RETURNING "revision" INTO next_revision;
  INSERT INTO "catalog_changes" ("revision", "wine_id") SELECT next_revision, id FROM unnest(ids) AS id;
END $$;--> statement-breakpoint
CREATE FUNCTION "catalog_changes_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "catalog_changes_record"(ARRAY(SELECT id FROM new_rows));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "catalog_changes_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "catalog_changes_record"(ARRAY(SELECT id FROM old_rows));
  RETURN NULL;
END $$;--> statement-breakpoint
-- Only rows whose searchable columns changed (or whose id did): the page itself is always read from the table.
CREATE FUNCTION "catalog_changes_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "catalog_changes_record"(ARRAY(
    SELECT coalesce(n.id, o.id) FROM new_rows n FULL JOIN old_rows o ON o.id = n.id
    WHERE n.id IS NULL OR o.id IS NULL
      OR (n.search_text, n.sort_key, n.country_key, n.grape_variety_key, n.wine_style_key)
         IS DISTINCT FROM (o.search_text, o.sort_key, o.country_key, o.grape_variety_key, o.wine_style_key)));
  RETURN NULL;
END $$;--> statement-breakpoint
-- TRUNCATE has no transition table: a null wine stands for all of them (each process reads the catalogue again).
CREATE FUNCTION "catalog_changes_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  next_revision bigint;
BEGIN
  UPDATE "catalog_revision" SET "revision" = "revision" + 1 RETURNING "revision" INTO next_revision;
  INSERT INTO "catalog_changes" ("revision", "wine_id") VALUES (next_revision, NULL);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "catalog_wines_inserted" AFTER INSERT ON "catalog_wines" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "catalog_changes_inserted"();--> statement-breakpoint
CREATE TRIGGER "catalog_wines_updated" AFTER UPDATE ON "catalog_wines" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "catalog_changes_updated"();--> statement-breakpoint
CREATE TRIGGER "catalog_wines_deleted" AFTER DELETE ON "catalog_wines" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "catalog_changes_deleted"();--> statement-breakpoint
CREATE TRIGGER "catalog_wines_truncated" AFTER TRUNCATE ON "catalog_wines"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalog_changes_truncated"();
