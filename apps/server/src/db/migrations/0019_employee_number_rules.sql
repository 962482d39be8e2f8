CREATE TABLE "employee_number_rules" (
	"company_id" bigint NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"prefix" text DEFAULT '' NOT NULL,
	"digits" smallint DEFAULT 4 NOT NULL,
	"next_seq" bigint DEFAULT 1 NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "employee_number_rules_company_id_pk" PRIMARY KEY("company_id"),
	CONSTRAINT "employee_number_rules_digits_ck" CHECK ("employee_number_rules"."digits" between 1 and 10),
	CONSTRAINT "employee_number_rules_next_ck" CHECK ("employee_number_rules"."next_seq" >= 1)
);
--> statement-breakpoint
ALTER TABLE "employee_number_rules" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "employee_number_rules_tenant" ON "employee_number_rules" AS PERMISSIVE FOR ALL TO "wfsaas_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::bigint);