-- The till's daily sales spreadsheet (issue 31): each upload for an establishment, recorded by a background job,
-- and the columns each establishment's till export was last mapped with.
CREATE TABLE "till_import_mappings" (
	"establishment_id" uuid PRIMARY KEY NOT NULL,
	"field_mapping" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "till_sales_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"establishment_id" uuid NOT NULL,
	"created_by" uuid,
	"file_name" text NOT NULL,
	"file_size" integer NOT NULL,
	"file_key" text,
	"file_kind" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"total_rows" integer DEFAULT 0 NOT NULL,
	"processed_rows" integer DEFAULT 0 NOT NULL,
	"processed_sales" integer DEFAULT 0 NOT NULL,
	"current_operation" text,
	"success_count" integer DEFAULT 0 NOT NULL,
	"skipped_count" integer DEFAULT 0 NOT NULL,
	"error_count" integer DEFAULT 0 NOT NULL,
	"sales_recorded" integer DEFAULT 0 NOT NULL,
	"sales_already_recorded" integer DEFAULT 0 NOT NULL,
	"discrepancy_count" integer DEFAULT 0 NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"field_mapping" jsonb,
	"failure_reason" text,
	"preview" jsonb,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "till_import_mappings" ADD CONSTRAINT "till_import_mappings_establishment_id_establishments_id_fk" FOREIGN KEY ("establishment_id") REFERENCES "public"."establishments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "till_sales_imports" ADD CONSTRAINT "till_sales_imports_establishment_id_establishments_id_fk" FOREIGN KEY ("establishment_id") REFERENCES "public"."establishments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "till_sales_imports" ADD CONSTRAINT "till_sales_imports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "till_sales_imports_establishment_created_idx" ON "till_sales_imports" USING btree ("establishment_id","created_at");--> statement-breakpoint
CREATE INDEX "till_sales_imports_status_idx" ON "till_sales_imports" USING btree ("status","updated_at");