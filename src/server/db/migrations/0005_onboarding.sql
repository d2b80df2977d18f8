CREATE TABLE "onboarding_processes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"status" text DEFAULT 'in_progress' NOT NULL,
	"establishment_name" text NOT NULL,
	"cnpj" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"address" text NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"zip_code" text NOT NULL,
	"contact_name" text NOT NULL,
	"contact_email" text NOT NULL,
	"contact_phone" text NOT NULL,
	"cnpj_status" text DEFAULT 'pending' NOT NULL,
	"cnpj_checked_at" timestamp with time zone,
	"email_status" text DEFAULT 'pending' NOT NULL,
	"email_checked_at" timestamp with time zone,
	"phone_status" text DEFAULT 'pending' NOT NULL,
	"phone_checked_at" timestamp with time zone,
	"menu_file_key" text,
	"menu_file_name" text,
	"menu_file_type" text,
	"menu_file_size" integer,
	"submitted_at" timestamp with time zone,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" uuid,
	"rejection_reason" text,
	"establishment_id" uuid,
	"manager_user_id" uuid,
	"lead_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "onboarding_processes" ADD CONSTRAINT "onboarding_processes_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboarding_processes" ADD CONSTRAINT "onboarding_processes_establishment_id_establishments_id_fk" FOREIGN KEY ("establishment_id") REFERENCES "public"."establishments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboarding_processes" ADD CONSTRAINT "onboarding_processes_manager_user_id_users_id_fk" FOREIGN KEY ("manager_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "onboarding_processes_status_created_idx" ON "onboarding_processes" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "onboarding_processes_created_idx" ON "onboarding_processes" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "onboarding_processes_approved_cnpj_key" ON "onboarding_processes" USING btree ("cnpj") WHERE "onboarding_processes"."status" = 'approved';