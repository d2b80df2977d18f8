CREATE TABLE "catalog_changes" (
	"revision" bigint NOT NULL,
	"wine_id" uuid,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "catalog_changes_revision_idx" ON "catalog_changes" USING btree ("revision");--> statement-breakpoint
CREATE INDEX "catalog_changes_changed_at_idx" ON "catalog_changes" USING btree ("changed_at");