CREATE TABLE "payroll_calendar_days" (
	"company_id" bigint NOT NULL,
	"day" date NOT NULL,
	"kind" smallint NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payroll_calendar_days_company_id_day_pk" PRIMARY KEY("company_id","day"),
	CONSTRAINT "payroll_calendar_days_kind_ck" CHECK ("payroll_calendar_days"."kind" between 0 and 2)
);
--> statement-breakpoint
ALTER TABLE "payroll_calendar_days" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "payroll_city_policies" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "payroll_city_policies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"city" text NOT NULL,
	"effective_from" date NOT NULL,
	"effective_to" date,
	"source" text DEFAULT '' NOT NULL,
	"items" jsonb NOT NULL,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"archived_at" timestamp with time zone,
	CONSTRAINT "payroll_city_policies_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "payroll_city_policies" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "payroll_declarations" (
	"company_id" bigint NOT NULL,
	"month" text NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"declared_at" timestamp with time zone,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payroll_declarations_company_id_month_pk" PRIMARY KEY("company_id","month"),
	CONSTRAINT "payroll_declarations_status_ck" CHECK ("payroll_declarations"."status" in (0, 1))
);
--> statement-breakpoint
ALTER TABLE "payroll_declarations" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "payroll_groups" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "payroll_groups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"config" jsonb NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"archived_at" timestamp with time zone,
	CONSTRAINT "payroll_groups_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "payroll_groups" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "payroll_results" (
	"company_id" bigint NOT NULL,
	"run_id" bigint NOT NULL,
	"employee_id" bigint NOT NULL,
	"name" text NOT NULL,
	"employee_no" text,
	"values" jsonb NOT NULL,
	"gross" numeric(14, 2) NOT NULL,
	"net" numeric(14, 2) NOT NULL,
	"si_employee" numeric(14, 2) NOT NULL,
	"si_employer" numeric(14, 2) NOT NULL,
	"hf_employee" numeric(14, 2) NOT NULL,
	"hf_employer" numeric(14, 2) NOT NULL,
	"contributions" jsonb NOT NULL,
	"taxable_income" numeric(14, 2) NOT NULL,
	"special_deduction" numeric(14, 2) NOT NULL,
	"additional_deduction" numeric(14, 2) NOT NULL,
	"other_deduction" numeric(14, 2) NOT NULL,
	"tax" numeric(14, 2) NOT NULL,
	"tax_detail" jsonb NOT NULL,
	"warnings" jsonb NOT NULL,
	"error" text,
	CONSTRAINT "payroll_results_company_id_run_id_employee_id_pk" PRIMARY KEY("company_id","run_id","employee_id")
);
--> statement-breakpoint
ALTER TABLE "payroll_results" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "payroll_run_inputs" (
	"company_id" bigint NOT NULL,
	"run_id" bigint NOT NULL,
	"employee_id" bigint NOT NULL,
	"values" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payroll_run_inputs_company_id_run_id_employee_id_pk" PRIMARY KEY("company_id","run_id","employee_id")
);
--> statement-breakpoint
ALTER TABLE "payroll_run_inputs" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "payroll_runs" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "payroll_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"group_id" bigint NOT NULL,
	"month" text NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"working_days" integer NOT NULL,
	"config" jsonb,
	"totals" jsonb,
	"error_count" integer DEFAULT 0 NOT NULL,
	"job_id" bigint,
	"calc_version" integer DEFAULT 0 NOT NULL,
	"calculated_at" timestamp with time zone,
	"locked_at" timestamp with time zone,
	"locked_by" bigint,
	"unlock_reason" text,
	"submitted_at" timestamp with time zone,
	"submitted_by" bigint,
	"payslip_batch_id" bigint,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"archived_at" timestamp with time zone,
	CONSTRAINT "payroll_runs_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "payroll_runs_status_ck" CHECK ("payroll_runs"."status" between 0 and 5)
);
--> statement-breakpoint
ALTER TABLE "payroll_runs" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "payroll_tax_profiles" (
	"company_id" bigint NOT NULL,
	"employee_id" bigint NOT NULL,
	"year" integer NOT NULL,
	"first_job_of_year" boolean DEFAULT false NOT NULL,
	"previous_year_low_income" boolean DEFAULT false NOT NULL,
	"deductions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payroll_tax_profiles_company_id_employee_id_year_pk" PRIMARY KEY("company_id","employee_id","year")
);
--> statement-breakpoint
ALTER TABLE "payroll_tax_profiles" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE UNIQUE INDEX "payroll_city_policies_key_uq" ON "payroll_city_policies" USING btree ("company_id","city","effective_from") WHERE archived_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "payroll_groups_name_uq" ON "payroll_groups" USING btree ("company_id","name") WHERE archived_at is null;--> statement-breakpoint
CREATE INDEX "payroll_results_employee_idx" ON "payroll_results" USING btree ("company_id","employee_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payroll_runs_group_month_uq" ON "payroll_runs" USING btree ("company_id","group_id","month") WHERE archived_at is null;--> statement-breakpoint
CREATE INDEX "payroll_runs_month_idx" ON "payroll_runs" USING btree ("company_id","month");--> statement-breakpoint
CREATE POLICY "payroll_calendar_days_tenant" ON "payroll_calendar_days" AS PERMISSIVE FOR ALL TO "wfsaas_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "payroll_city_policies_tenant" ON "payroll_city_policies" AS PERMISSIVE FOR ALL TO "wfsaas_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "payroll_declarations_tenant" ON "payroll_declarations" AS PERMISSIVE FOR ALL TO "wfsaas_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "payroll_groups_tenant" ON "payroll_groups" AS PERMISSIVE FOR ALL TO "wfsaas_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "payroll_results_tenant" ON "payroll_results" AS PERMISSIVE FOR ALL TO "wfsaas_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "payroll_run_inputs_tenant" ON "payroll_run_inputs" AS PERMISSIVE FOR ALL TO "wfsaas_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "payroll_runs_tenant" ON "payroll_runs" AS PERMISSIVE FOR ALL TO "wfsaas_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "payroll_tax_profiles_tenant" ON "payroll_tax_profiles" AS PERMISSIVE FOR ALL TO "wfsaas_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::bigint);