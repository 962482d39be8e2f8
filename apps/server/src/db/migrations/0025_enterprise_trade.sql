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
CREATE TABLE "subscription_orders" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "subscription_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_no" text NOT NULL,
	"product" text NOT NULL,
	"action" text NOT NULL,
	"edition" text NOT NULL,
	"seats" integer DEFAULT 0 NOT NULL,
	"months" integer,
	"pack" integer,
	"start_date" text NOT NULL,
	"end_date" text NOT NULL,
	"unit_price" numeric(14, 2) NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"formula" text NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"bill_id" bigint,
	"agreement_no" text,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"activated_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	CONSTRAINT "subscription_orders_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "subscription_orders" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "subscriptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"product" text NOT NULL,
	"edition" text NOT NULL,
	"seats" integer DEFAULT 0 NOT NULL,
	"start_date" text NOT NULL,
	"end_date" text NOT NULL,
	"signatures_bought" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "subscriptions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "usage_records" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "usage_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"meter" text NOT NULL,
	"ref" text NOT NULL,
	"qty" integer NOT NULL,
	"month" text NOT NULL,
	"covered_by" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "usage_records_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "usage_records" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "asset_categories" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "asset_categories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "asset_categories_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "asset_categories" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "asset_events" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "asset_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"asset_id" bigint NOT NULL,
	"action" text NOT NULL,
	"from_status" smallint,
	"to_status" smallint NOT NULL,
	"employee_id" bigint,
	"day" text,
	"note" text DEFAULT '' NOT NULL,
	"actor_user_id" bigint,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "asset_events_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "asset_events" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "asset_settings" (
	"company_id" bigint PRIMARY KEY NOT NULL,
	"block_quit" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "asset_settings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "assets" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "assets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"asset_no" text NOT NULL,
	"name" text NOT NULL,
	"category_id" bigint NOT NULL,
	"brand_model" text DEFAULT '' NOT NULL,
	"serial_no" text DEFAULT '' NOT NULL,
	"value" numeric(14, 2) DEFAULT '0' NOT NULL,
	"purchase_date" text,
	"location" text DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"holder_employee_id" bigint,
	"issued_on" text,
	"expected_return_on" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assets_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "assets" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "invoice_request_bills" (
	"company_id" bigint NOT NULL,
	"request_id" bigint NOT NULL,
	"bill_id" bigint NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"held" boolean DEFAULT true NOT NULL,
	CONSTRAINT "invoice_request_bills_company_id_request_id_bill_id_pk" PRIMARY KEY("company_id","request_id","bill_id")
);
--> statement-breakpoint
ALTER TABLE "invoice_request_bills" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "invoice_requests" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "invoice_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"request_no" text NOT NULL,
	"type" smallint NOT NULL,
	"title_name" text NOT NULL,
	"tax_no" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"bank" text DEFAULT '' NOT NULL,
	"account" text DEFAULT '' NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"email" text NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"invoice_no" text,
	"invoice_date" text,
	"file_id" bigint,
	"reject_reason" text,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" bigint,
	"decided_at" timestamp with time zone,
	CONSTRAINT "invoice_requests_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "invoice_requests" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "invoice_titles" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "invoice_titles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"tax_no" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"bank" text DEFAULT '' NOT NULL,
	"account" text DEFAULT '' NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"archived_at" timestamp with time zone,
	CONSTRAINT "invoice_titles_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "invoice_titles" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
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
CREATE TABLE "certification_payments" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "certification_payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_name" text NOT NULL,
	"bank_name" text NOT NULL,
	"account_enc" text NOT NULL,
	"account_tail" text NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"wrong_tries" integer DEFAULT 0 NOT NULL,
	"requested_by" bigint NOT NULL,
	"executed_by" bigint,
	"executed_at" timestamp with time zone,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "certification_payments_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "certification_payments" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "company_certifications" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "company_certifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"licence_file_id" bigint NOT NULL,
	"legal_name" text NOT NULL,
	"legal_id_enc" text NOT NULL,
	"legal_phone_enc" text NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"reject_reason" text,
	"submitted_by" bigint NOT NULL,
	"reviewed_by" bigint,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_certifications_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "company_certifications" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "login_share_grants" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "login_share_grants_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"target_company_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"role_id" bigint NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_by" bigint NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "login_share_grants_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "login_share_grants" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "files" DROP CONSTRAINT "files_kind_ck";--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "legal_representative" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "registered_address" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "industry" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "size_band" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "contact_email" text;--> statement-breakpoint
ALTER TABLE "platform_bills" ADD COLUMN "retry_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "certification_payments" ADD CONSTRAINT "certification_payments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_certifications" ADD CONSTRAINT "company_certifications_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "login_share_grants" ADD CONSTRAINT "login_share_grants_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "login_share_grants" ADD CONSTRAINT "login_share_grants_target_company_id_companies_id_fk" FOREIGN KEY ("target_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "platform_bill_payments_bill_idx" ON "platform_bill_payments" USING btree ("company_id","bill_id");--> statement-breakpoint
CREATE UNIQUE INDEX "platform_bill_payments_pending_uq" ON "platform_bill_payments" USING btree ("company_id","bill_id") WHERE status = 1;--> statement-breakpoint
CREATE INDEX "platform_bill_payments_pending_idx" ON "platform_bill_payments" USING btree ("status") WHERE status = 1;--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_orders_no_uq" ON "subscription_orders" USING btree ("company_id","order_no");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_orders_pending_uq" ON "subscription_orders" USING btree ("company_id","product") WHERE status = 1;--> statement-breakpoint
CREATE INDEX "subscription_orders_status_idx" ON "subscription_orders" USING btree ("company_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_product_uq" ON "subscriptions" USING btree ("company_id","product");--> statement-breakpoint
CREATE UNIQUE INDEX "usage_records_ref_uq" ON "usage_records" USING btree ("company_id","meter","ref");--> statement-breakpoint
CREATE INDEX "usage_records_month_idx" ON "usage_records" USING btree ("company_id","meter","month");--> statement-breakpoint
CREATE UNIQUE INDEX "asset_categories_name_uq" ON "asset_categories" USING btree ("company_id","name");--> statement-breakpoint
CREATE INDEX "asset_events_asset_idx" ON "asset_events" USING btree ("company_id","asset_id");--> statement-breakpoint
CREATE UNIQUE INDEX "assets_no_uq" ON "assets" USING btree ("company_id","asset_no");--> statement-breakpoint
CREATE INDEX "assets_status_idx" ON "assets" USING btree ("company_id","status");--> statement-breakpoint
CREATE INDEX "assets_holder_idx" ON "assets" USING btree ("company_id","holder_employee_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_request_bills_held_uq" ON "invoice_request_bills" USING btree ("company_id","bill_id") WHERE held;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_requests_no_uq" ON "invoice_requests" USING btree ("company_id","request_no");--> statement-breakpoint
CREATE INDEX "invoice_requests_status_idx" ON "invoice_requests" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "custody_deposits_reference_uq" ON "custody_deposits" USING btree ("company_id","reference") WHERE status <> 3;--> statement-breakpoint
CREATE INDEX "custody_deposits_status_idx" ON "custody_deposits" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "custody_payouts_no_uq" ON "custody_payouts" USING btree ("company_id","payout_no");--> statement-breakpoint
CREATE UNIQUE INDEX "custody_payouts_run_live_uq" ON "custody_payouts" USING btree ("company_id","run_id") WHERE status <> 3;--> statement-breakpoint
CREATE INDEX "custody_postings_account_idx" ON "custody_postings" USING btree ("company_id","account");--> statement-breakpoint
CREATE INDEX "custody_transactions_ref_idx" ON "custody_transactions" USING btree ("company_id","ref_kind","ref_id");--> statement-breakpoint
CREATE UNIQUE INDEX "certification_payments_open_uq" ON "certification_payments" USING btree ("company_id") WHERE status in (0, 1);--> statement-breakpoint
CREATE INDEX "certification_payments_status_idx" ON "certification_payments" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "company_certifications_pending_uq" ON "company_certifications" USING btree ("company_id") WHERE status = 1;--> statement-breakpoint
CREATE INDEX "company_certifications_status_idx" ON "company_certifications" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "login_share_grants_active_uq" ON "login_share_grants" USING btree ("company_id","target_company_id","user_id") WHERE status = 1;--> statement-breakpoint
CREATE UNIQUE INDEX "platform_bills_statement_uq" ON "platform_bills" USING btree ("company_id","month") WHERE bill_type = 1;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_kind_ck" CHECK (kind in ('upload', 'static', 'export', 'employee', 'seal', 'contract', 'contract_template', 'employee_import', 'payslip_sheet', 'payslip_signature', 'onboarding_photo', 'invoice', 'deposit_proof', 'company_licence', 'platform_bill_proof'));--> statement-breakpoint
CREATE POLICY "platform_bill_payments_tenant" ON "platform_bill_payments" AS PERMISSIVE FOR ALL TO "wfsaas_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "subscription_orders_tenant" ON "subscription_orders" AS PERMISSIVE FOR ALL TO "wfsaas_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "subscriptions_tenant" ON "subscriptions" AS PERMISSIVE FOR ALL TO "wfsaas_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "usage_records_tenant" ON "usage_records" AS PERMISSIVE FOR ALL TO "wfsaas_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "asset_categories_tenant" ON "asset_categories" AS PERMISSIVE FOR ALL TO "wfsaas_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "asset_events_tenant" ON "asset_events" AS PERMISSIVE FOR ALL TO "wfsaas_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "asset_settings_tenant" ON "asset_settings" AS PERMISSIVE FOR ALL TO "wfsaas_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "assets_tenant" ON "assets" AS PERMISSIVE FOR ALL TO "wfsaas_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "invoice_request_bills_tenant" ON "invoice_request_bills" AS PERMISSIVE FOR ALL TO "wfsaas_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "invoice_requests_tenant" ON "invoice_requests" AS PERMISSIVE FOR ALL TO "wfsaas_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "invoice_titles_tenant" ON "invoice_titles" AS PERMISSIVE FOR ALL TO "wfsaas_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "custody_accounts_tenant" ON "custody_accounts" AS PERMISSIVE FOR ALL TO "wfsaas_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "custody_deposits_tenant" ON "custody_deposits" AS PERMISSIVE FOR ALL TO "wfsaas_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "custody_payout_lines_tenant" ON "custody_payout_lines" AS PERMISSIVE FOR ALL TO "wfsaas_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "custody_payouts_tenant" ON "custody_payouts" AS PERMISSIVE FOR ALL TO "wfsaas_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "custody_postings_tenant_read" ON "custody_postings" AS PERMISSIVE FOR SELECT TO "wfsaas_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "custody_postings_tenant_append" ON "custody_postings" AS PERMISSIVE FOR INSERT TO "wfsaas_app" WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "custody_transactions_tenant_read" ON "custody_transactions" AS PERMISSIVE FOR SELECT TO "wfsaas_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "custody_transactions_tenant_append" ON "custody_transactions" AS PERMISSIVE FOR INSERT TO "wfsaas_app" WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "certification_payments_tenant" ON "certification_payments" AS PERMISSIVE FOR ALL TO "wfsaas_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "company_certifications_tenant" ON "company_certifications" AS PERMISSIVE FOR ALL TO "wfsaas_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "login_share_grants_tenant" ON "login_share_grants" AS PERMISSIVE FOR ALL TO "wfsaas_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::bigint);