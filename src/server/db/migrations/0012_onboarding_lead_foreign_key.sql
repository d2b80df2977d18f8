-- A sign-up made before the CRM kept a lead id its hook invented or a lead deleted since: it keeps no lead.
UPDATE "onboarding_processes" SET "lead_id" = NULL
  WHERE "lead_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "leads" WHERE "leads"."id" = "onboarding_processes"."lead_id");--> statement-breakpoint
ALTER TABLE "onboarding_processes" ADD CONSTRAINT "onboarding_processes_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "onboarding_processes_lead_idx" ON "onboarding_processes" USING btree ("lead_id");