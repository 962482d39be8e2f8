CREATE TABLE "reminder_log" (
	"company_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"employee_id" bigint NOT NULL,
	"occasion" date NOT NULL,
	"notified_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reminder_log_company_id_kind_employee_id_occasion_pk" PRIMARY KEY("company_id","kind","employee_id","occasion")
);
--> statement-breakpoint
ALTER TABLE "reminder_log" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "reminder_settings" (
	"company_id" bigint NOT NULL,
	"config" jsonb NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reminder_settings_company_id_pk" PRIMARY KEY("company_id")
);
--> statement-breakpoint
ALTER TABLE "reminder_settings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "reminder_log_tenant" ON "reminder_log" AS PERMISSIVE FOR ALL TO "wfsaas_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "reminder_settings_tenant" ON "reminder_settings" AS PERMISSIVE FOR ALL TO "wfsaas_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::bigint);