CREATE TABLE "activities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lead_id" uuid,
	"opportunity_id" uuid,
	"type" text DEFAULT 'task' NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"scheduled_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"notes" text,
	"owner_id" uuid,
	"search_text" text GENERATED ALWAYS AS (btrim(regexp_replace(replace(replace(replace(lower(regexp_replace(normalize(coalesce("title", '') || ' ' || coalesce("description", ''), NFD), '[\u0300-\u036f]', '', 'g')), chr(223), 'ss'), chr(230), 'ae'), chr(339), 'oe'), '[\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+', ' ', 'g'), ' ')) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"company" text,
	"cnpj" text,
	"status" text DEFAULT 'new' NOT NULL,
	"source" text DEFAULT 'other' NOT NULL,
	"notes" text,
	"lead_score" integer DEFAULT 0 NOT NULL,
	"owner_id" uuid,
	"search_text" text GENERATED ALWAYS AS (btrim(regexp_replace(replace(replace(replace(lower(regexp_replace(normalize(coalesce("name", '') || ' ' || coalesce("email", '') || ' ' || coalesce("company", ''), NFD), '[\u0300-\u036f]', '', 'g')), chr(223), 'ss'), chr(230), 'ae'), chr(339), 'oe'), '[\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+', ' ', 'g'), ' ')) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "opportunities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lead_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"value" numeric(14, 2) DEFAULT '0' NOT NULL,
	"stage" text DEFAULT 'prospecting' NOT NULL,
	"probability" integer DEFAULT 0 NOT NULL,
	"expected_close_date" date,
	"notes" text,
	"closed_at" timestamp with time zone,
	"lost_reason" text,
	"owner_id" uuid,
	"search_text" text GENERATED ALWAYS AS (btrim(regexp_replace(replace(replace(replace(lower(regexp_replace(normalize(coalesce("title", '') || ' ' || coalesce("description", ''), NFD), '[\u0300-\u036f]', '', 'g')), chr(223), 'ss'), chr(230), 'ae'), chr(339), 'oe'), '[\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+', ' ', 'g'), ' ')) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_opportunity_id_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."opportunities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunities" ADD CONSTRAINT "opportunities_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunities" ADD CONSTRAINT "opportunities_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activities_created_idx" ON "activities" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "activities_scheduled_idx" ON "activities" USING btree ("scheduled_at","id");--> statement-breakpoint
CREATE INDEX "activities_status_scheduled_idx" ON "activities" USING btree ("status","scheduled_at");--> statement-breakpoint
CREATE INDEX "activities_type_scheduled_idx" ON "activities" USING btree ("type","scheduled_at");--> statement-breakpoint
CREATE INDEX "activities_lead_idx" ON "activities" USING btree ("lead_id");--> statement-breakpoint
CREATE INDEX "activities_opportunity_idx" ON "activities" USING btree ("opportunity_id");--> statement-breakpoint
CREATE INDEX "activities_owner_idx" ON "activities" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "activities_search_trgm_idx" ON "activities" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "leads_created_idx" ON "leads" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "leads_status_created_idx" ON "leads" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "leads_source_created_idx" ON "leads" USING btree ("source","created_at");--> statement-breakpoint
CREATE INDEX "leads_owner_idx" ON "leads" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "leads_email_idx" ON "leads" USING btree ("email");--> statement-breakpoint
CREATE INDEX "leads_cnpj_idx" ON "leads" USING btree ("cnpj");--> statement-breakpoint
CREATE INDEX "leads_search_trgm_idx" ON "leads" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "opportunities_created_idx" ON "opportunities" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "opportunities_stage_created_idx" ON "opportunities" USING btree ("stage","created_at");--> statement-breakpoint
CREATE INDEX "opportunities_lead_idx" ON "opportunities" USING btree ("lead_id");--> statement-breakpoint
CREATE INDEX "opportunities_owner_idx" ON "opportunities" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "opportunities_search_trgm_idx" ON "opportunities" USING gin ("search_text" gin_trgm_ops);