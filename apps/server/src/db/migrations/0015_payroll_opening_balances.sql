CREATE TABLE "payroll_opening_balances" (
	"company_id" bigint NOT NULL,
	"year" integer NOT NULL,
	"employee_id" bigint NOT NULL,
	"through_month" smallint NOT NULL,
	"income" numeric(14, 2) NOT NULL,
	"tax_free_income" numeric(14, 2) NOT NULL,
	"basic_deduction" numeric(14, 2) NOT NULL,
	"special_deduction" numeric(14, 2) NOT NULL,
	"deductions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"other_deduction" numeric(14, 2) NOT NULL,
	"tax_relief" numeric(14, 2) NOT NULL,
	"tax_withheld" numeric(14, 2) NOT NULL,
	"origin" text DEFAULT '' NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payroll_opening_balances_company_id_year_employee_id_pk" PRIMARY KEY("company_id","year","employee_id"),
	CONSTRAINT "payroll_opening_balances_month_ck" CHECK ("payroll_opening_balances"."through_month" between 1 and 11)
);
--> statement-breakpoint
ALTER TABLE "payroll_opening_balances" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "payroll_opening_balances_tenant" ON "payroll_opening_balances" AS PERMISSIVE FOR ALL TO "wfsaas_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::bigint);