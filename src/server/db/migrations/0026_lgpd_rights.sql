CREATE TABLE "lgpd_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"requested_by" uuid,
	"records" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"summary" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"files_count" integer DEFAULT 0 NOT NULL,
	"file_key" text,
	"file_size" integer,
	"expires_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lgpd_retention_rules" (
	"rule" text PRIMARY KEY NOT NULL,
	"days" integer NOT NULL,
	"last_run_at" timestamp with time zone,
	"last_affected" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
ALTER TABLE "onboarding_processes" ADD COLUMN "anonymized_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lgpd_requests" ADD CONSTRAINT "lgpd_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lgpd_retention_rules" ADD CONSTRAINT "lgpd_retention_rules_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lgpd_requests_created_idx" ON "lgpd_requests" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "lgpd_requests_expires_idx" ON "lgpd_requests" USING btree ("expires_at");