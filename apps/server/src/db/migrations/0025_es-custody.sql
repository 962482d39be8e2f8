CREATE TABLE "custody_accounts" (
	"company_id" bigint NOT NULL,
	"account_no" text NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "custody_accounts_company_id_pk" PRIMARY KEY("company_id")
);
--> statement-breakpoint
ALTER TABLE "custody_accounts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "custody_deposits" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "custody_deposits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"amount" numeric(14, 2) NOT NULL,
	"reference" text NOT NULL,
	"payer_name" text NOT NULL,
	"transfer_date" text NOT NULL,
	"proof_file_id" bigint,
	"status" smallint DEFAULT 1 NOT NULL,
	"reject_reason" text,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" bigint,
	"decided_at" timestamp with time zone,
	CONSTRAINT "custody_deposits_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "custody_deposits_status_ck" CHECK ("custody_deposits"."status" in (1, 2, 3)),
	CONSTRAINT "custody_deposits_amount_ck" CHECK ("custody_deposits"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "custody_deposits" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "custody_payout_lines" (
	"company_id" bigint NOT NULL,
	"payout_id" bigint NOT NULL,
	"line_no" integer NOT NULL,
	"employee_id" bigint NOT NULL,
	"name" text NOT NULL,
	"employee_no" text,
	"bank_name" text,
	"bank_account_masked" text,
	"net" numeric(14, 2) NOT NULL,
	CONSTRAINT "custody_payout_lines_company_id_payout_id_line_no_pk" PRIMARY KEY("company_id","payout_id","line_no")
);
--> statement-breakpoint
ALTER TABLE "custody_payout_lines" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "custody_payouts" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "custody_payouts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"payout_no" text NOT NULL,
	"run_id" bigint NOT NULL,
	"month" text NOT NULL,
	"group_name" text NOT NULL,
	"headcount" integer NOT NULL,
	"wages" numeric(14, 2) NOT NULL,
	"fee_per_head" numeric(14, 2) NOT NULL,
	"fee" numeric(14, 2) NOT NULL,
	"total" numeric(14, 2) NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"bill_id" bigint,
	"funded_by" text,
	"disbursement" text,
	"cancel_reason" text,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "custody_payouts_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "custody_payouts_status_ck" CHECK ("custody_payouts"."status" in (1, 2, 3))
);
--> statement-breakpoint
ALTER TABLE "custody_payouts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "custody_postings" (
	"company_id" bigint NOT NULL,
	"transaction_id" bigint NOT NULL,
	"line_no" integer NOT NULL,
	"account" text NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	CONSTRAINT "custody_postings_company_id_transaction_id_line_no_pk" PRIMARY KEY("company_id","transaction_id","line_no"),
	CONSTRAINT "custody_postings_account_ck" CHECK ("custody_postings"."account" in ('custody', 'in_transit', 'payable', 'paid_out', 'fees', 'external')),
	CONSTRAINT "custody_postings_nonzero_ck" CHECK ("custody_postings"."amount" <> 0)
);
--> statement-breakpoint
ALTER TABLE "custody_postings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "custody_transactions" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "custody_transactions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"type" text NOT NULL,
	"ref_kind" text NOT NULL,
	"ref_id" bigint NOT NULL,
	"memo" text DEFAULT '' NOT NULL,
	"actor_kind" text NOT NULL,
	"actor_user_id" bigint,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "custody_transactions_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "custody_transactions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "files" DROP CONSTRAINT "files_kind_ck";--> statement-breakpoint
CREATE UNIQUE INDEX "custody_deposits_reference_uq" ON "custody_deposits" USING btree ("company_id","reference") WHERE status <> 3;--> statement-breakpoint
CREATE INDEX "custody_deposits_status_idx" ON "custody_deposits" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "custody_payouts_no_uq" ON "custody_payouts" USING btree ("company_id","payout_no");--> statement-breakpoint
CREATE UNIQUE INDEX "custody_payouts_run_live_uq" ON "custody_payouts" USING btree ("company_id","run_id") WHERE status <> 3;--> statement-breakpoint
CREATE INDEX "custody_postings_account_idx" ON "custody_postings" USING btree ("company_id","account");--> statement-breakpoint
CREATE INDEX "custody_transactions_ref_idx" ON "custody_transactions" USING btree ("company_id","ref_kind","ref_id");--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_kind_ck" CHECK (kind in ('upload', 'static', 'export', 'employee', 'seal', 'contract', 'contract_template', 'employee_import', 'payslip_sheet', 'payslip_signature', 'onboarding_photo', 'deposit_proof'));--> statement-breakpoint
CREATE POLICY "custody_accounts_tenant" ON "custody_accounts" AS PERMISSIVE FOR ALL TO "wfsaas_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "custody_deposits_tenant" ON "custody_deposits" AS PERMISSIVE FOR ALL TO "wfsaas_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "custody_payout_lines_tenant" ON "custody_payout_lines" AS PERMISSIVE FOR ALL TO "wfsaas_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "custody_payouts_tenant" ON "custody_payouts" AS PERMISSIVE FOR ALL TO "wfsaas_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "custody_postings_tenant_read" ON "custody_postings" AS PERMISSIVE FOR SELECT TO "wfsaas_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "custody_postings_tenant_append" ON "custody_postings" AS PERMISSIVE FOR INSERT TO "wfsaas_app" WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "custody_transactions_tenant_read" ON "custody_transactions" AS PERMISSIVE FOR SELECT TO "wfsaas_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "custody_transactions_tenant_append" ON "custody_transactions" AS PERMISSIVE FOR INSERT TO "wfsaas_app" WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::bigint);