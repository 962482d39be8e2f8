CREATE TABLE "payslip_passwords" (
	"company_id" bigint NOT NULL,
	"employee_id" bigint NOT NULL,
	"password_hash" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payslip_passwords_company_id_employee_id_pk" PRIMARY KEY("company_id","employee_id")
);
--> statement-breakpoint
ALTER TABLE "payslip_passwords" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "payslip_batches" ADD COLUMN "require_password" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE POLICY "payslip_passwords_tenant" ON "payslip_passwords" AS PERMISSIVE FOR ALL TO "wfsaas_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::bigint);