CREATE TABLE "platform_bill_payments" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "platform_bill_payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"bill_id" bigint NOT NULL,
	"method" text NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"reference" text NOT NULL,
	"proof_file_id" bigint,
	"status" smallint NOT NULL,
	"submitted_by" bigint,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" bigint,
	"decided_at" timestamp with time zone,
	"reject_reason" text,
	CONSTRAINT "platform_bill_payments_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "platform_bill_payments" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "files" DROP CONSTRAINT "files_kind_ck";--> statement-breakpoint
ALTER TABLE "platform_bills" ADD COLUMN "retry_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "platform_bill_payments_bill_idx" ON "platform_bill_payments" USING btree ("company_id","bill_id");--> statement-breakpoint
CREATE UNIQUE INDEX "platform_bill_payments_pending_uq" ON "platform_bill_payments" USING btree ("company_id","bill_id") WHERE status = 1;--> statement-breakpoint
CREATE INDEX "platform_bill_payments_pending_idx" ON "platform_bill_payments" USING btree ("status") WHERE status = 1;--> statement-breakpoint
CREATE UNIQUE INDEX "platform_bills_statement_uq" ON "platform_bills" USING btree ("company_id","month") WHERE bill_type = 1;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_kind_ck" CHECK (kind in ('upload', 'static', 'export', 'employee', 'seal', 'contract', 'contract_template', 'employee_import', 'payslip_sheet', 'payslip_signature', 'onboarding_photo', 'platform_bill_proof'));--> statement-breakpoint
CREATE POLICY "platform_bill_payments_tenant" ON "platform_bill_payments" AS PERMISSIVE FOR ALL TO "wfsaas_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::bigint);