ALTER TABLE "product_imports" ADD COLUMN "preview" jsonb;--> statement-breakpoint
CREATE INDEX "product_imports_created_idx" ON "product_imports" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "product_imports_supplier_created_idx" ON "product_imports" USING btree ("supplier_id","created_at");--> statement-breakpoint
CREATE INDEX "product_imports_status_idx" ON "product_imports" USING btree ("status","updated_at");