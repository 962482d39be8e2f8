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
ALTER TABLE "certification_payments" ADD CONSTRAINT "certification_payments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_certifications" ADD CONSTRAINT "company_certifications_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "login_share_grants" ADD CONSTRAINT "login_share_grants_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "login_share_grants" ADD CONSTRAINT "login_share_grants_target_company_id_companies_id_fk" FOREIGN KEY ("target_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "certification_payments_open_uq" ON "certification_payments" USING btree ("company_id") WHERE status in (0, 1);--> statement-breakpoint
CREATE INDEX "certification_payments_status_idx" ON "certification_payments" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "company_certifications_pending_uq" ON "company_certifications" USING btree ("company_id") WHERE status = 1;--> statement-breakpoint
CREATE INDEX "company_certifications_status_idx" ON "company_certifications" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "login_share_grants_active_uq" ON "login_share_grants" USING btree ("company_id","target_company_id","user_id") WHERE status = 1;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_kind_ck" CHECK (kind in ('upload', 'static', 'export', 'employee', 'seal', 'contract', 'contract_template', 'employee_import', 'payslip_sheet', 'payslip_signature', 'onboarding_photo', 'company_licence'));--> statement-breakpoint
CREATE POLICY "certification_payments_tenant" ON "certification_payments" AS PERMISSIVE FOR ALL TO "wfsaas_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "company_certifications_tenant" ON "company_certifications" AS PERMISSIVE FOR ALL TO "wfsaas_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "login_share_grants_tenant" ON "login_share_grants" AS PERMISSIVE FOR ALL TO "wfsaas_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::bigint);