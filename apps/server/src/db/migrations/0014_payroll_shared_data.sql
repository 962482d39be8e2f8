CREATE TABLE "payroll_data_batches" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "payroll_data_batches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"table_id" bigint NOT NULL,
	"month" text NOT NULL,
	"origin" text DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"row_count" integer DEFAULT 0 NOT NULL,
	"matched_count" integer DEFAULT 0 NOT NULL,
	"error_count" integer DEFAULT 0 NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"voided_by" bigint,
	"voided_at" timestamp with time zone,
	CONSTRAINT "payroll_data_batches_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "payroll_data_batches_status_ck" CHECK ("payroll_data_batches"."status" in (1, 2))
);
--> statement-breakpoint
ALTER TABLE "payroll_data_batches" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "payroll_data_rows" (
	"company_id" bigint NOT NULL,
	"batch_id" bigint NOT NULL,
	"row_no" integer NOT NULL,
	"key" text DEFAULT '' NOT NULL,
	"employee_id" bigint,
	"name" text DEFAULT '' NOT NULL,
	"values" jsonb NOT NULL,
	"raw" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"error" text,
	CONSTRAINT "payroll_data_rows_company_id_batch_id_row_no_pk" PRIMARY KEY("company_id","batch_id","row_no")
);
--> statement-breakpoint
ALTER TABLE "payroll_data_rows" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "payroll_data_tables" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "payroll_data_tables_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"kind" smallint NOT NULL,
	"category" text DEFAULT '其他' NOT NULL,
	"match_key" text DEFAULT 'employeeNo' NOT NULL,
	"columns" jsonb NOT NULL,
	"source" text DEFAULT '' NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"archived_at" timestamp with time zone,
	CONSTRAINT "payroll_data_tables_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "payroll_data_tables_kind_ck" CHECK ("payroll_data_tables"."kind" between 1 and 3)
);
--> statement-breakpoint
ALTER TABLE "payroll_data_tables" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "payroll_group_data_tables" (
	"company_id" bigint NOT NULL,
	"group_id" bigint NOT NULL,
	"table_id" bigint NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payroll_group_data_tables_company_id_group_id_table_id_pk" PRIMARY KEY("company_id","group_id","table_id")
);
--> statement-breakpoint
ALTER TABLE "payroll_group_data_tables" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "payroll_run_inputs" ADD COLUMN "sources" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "payroll_data_batches_valid_uq" ON "payroll_data_batches" USING btree ("company_id","table_id","month") WHERE status = 1;--> statement-breakpoint
CREATE INDEX "payroll_data_batches_table_idx" ON "payroll_data_batches" USING btree ("company_id","table_id","month");--> statement-breakpoint
CREATE UNIQUE INDEX "payroll_data_tables_name_uq" ON "payroll_data_tables" USING btree ("company_id","name") WHERE archived_at is null;--> statement-breakpoint
CREATE POLICY "payroll_data_batches_tenant" ON "payroll_data_batches" AS PERMISSIVE FOR ALL TO "wfsaas_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "payroll_data_rows_tenant" ON "payroll_data_rows" AS PERMISSIVE FOR ALL TO "wfsaas_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "payroll_data_tables_tenant" ON "payroll_data_tables" AS PERMISSIVE FOR ALL TO "wfsaas_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "payroll_group_data_tables_tenant" ON "payroll_group_data_tables" AS PERMISSIVE FOR ALL TO "wfsaas_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::bigint);