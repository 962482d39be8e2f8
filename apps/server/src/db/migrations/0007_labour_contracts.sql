CREATE TABLE "labour_contracts" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "labour_contracts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"employee_id" bigint NOT NULL,
	"contract_no" text,
	"type" smallint NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"sign_date" date,
	"status" smallint DEFAULT 1 NOT NULL,
	"renewed_from" bigint,
	"terms" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"remark" text,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "labour_contracts_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "labour_contracts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE INDEX "labour_contracts_employee_idx" ON "labour_contracts" USING btree ("company_id","employee_id");--> statement-breakpoint
CREATE INDEX "labour_contracts_expiring_idx" ON "labour_contracts" USING btree ("company_id","end_date") WHERE status = 1;--> statement-breakpoint
CREATE UNIQUE INDEX "labour_contracts_one_current_uq" ON "labour_contracts" USING btree ("company_id","employee_id") WHERE status = 1;--> statement-breakpoint
CREATE POLICY "labour_contracts_tenant" ON "labour_contracts" AS PERMISSIVE FOR ALL TO "wfsaas_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::bigint);