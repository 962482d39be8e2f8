CREATE TABLE "payslip_batches" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "payslip_batches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"month" text NOT NULL,
	"title" text NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"file_id" bigint,
	"template_id" bigint,
	"header_rows" smallint DEFAULT 1 NOT NULL,
	"columns" jsonb NOT NULL,
	"identity" jsonb NOT NULL,
	"hide_empty" boolean DEFAULT true NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"channels" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"verify_method" text DEFAULT 'sms' NOT NULL,
	"require_signature" boolean DEFAULT false NOT NULL,
	"auto_confirm_days" integer DEFAULT 0 NOT NULL,
	"send_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"job_id" bigint,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"archived_at" timestamp with time zone,
	CONSTRAINT "payslip_batches_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "payslip_batches_status_ck" CHECK ("payslip_batches"."status" between 0 and 4),
	CONSTRAINT "payslip_batches_verify_ck" CHECK ("payslip_batches"."verify_method" in ('sms', 'idNumber'))
);
--> statement-breakpoint
ALTER TABLE "payslip_batches" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "payslip_events" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "payslip_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"batch_id" bigint NOT NULL,
	"seq" integer NOT NULL,
	"payslip_id" bigint,
	"kind" text NOT NULL,
	"actor_user_id" bigint,
	"ip" text,
	"user_agent" text,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payslip_events_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "payslip_events" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "payslip_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"payslip_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payslip_templates" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "payslip_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"header_rows" smallint DEFAULT 1 NOT NULL,
	"columns" jsonb NOT NULL,
	"hide_empty" boolean DEFAULT true NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"archived_at" timestamp with time zone,
	CONSTRAINT "payslip_templates_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "payslip_templates" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "payslips" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "payslips_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"batch_id" bigint NOT NULL,
	"row_no" integer NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"is_current" boolean DEFAULT true NOT NULL,
	"replaces_id" bigint,
	"employee_id" bigint,
	"name" text NOT NULL,
	"identity_text" text DEFAULT '' NOT NULL,
	"cells" jsonb NOT NULL,
	"net_pay" text,
	"match_error" text,
	"status" smallint DEFAULT 0 NOT NULL,
	"token_hash" text,
	"fail_reason" text,
	"sent_at" timestamp with time zone,
	"viewed_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"auto_confirmed" boolean DEFAULT false NOT NULL,
	"feedback" text,
	"feedback_at" timestamp with time zone,
	"reply" text,
	"replied_at" timestamp with time zone,
	"withdrawn_at" timestamp with time zone,
	"signature_file_id" bigint,
	"notify_round" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"archived_at" timestamp with time zone,
	CONSTRAINT "payslips_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "payslips_status_ck" CHECK ("payslips"."status" between 0 and 6)
);
--> statement-breakpoint
ALTER TABLE "payslips" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE INDEX "payslip_batches_month_idx" ON "payslip_batches" USING btree ("company_id","month","id") WHERE archived_at is null;--> statement-breakpoint
CREATE INDEX "payslip_batches_auto_confirm_idx" ON "payslip_batches" USING btree ("company_id") WHERE auto_confirm_days > 0 and status = 3;--> statement-breakpoint
CREATE UNIQUE INDEX "payslip_events_seq_uq" ON "payslip_events" USING btree ("company_id","batch_id","seq");--> statement-breakpoint
CREATE INDEX "payslip_events_payslip_idx" ON "payslip_events" USING btree ("company_id","payslip_id","kind","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payslip_templates_name_uq" ON "payslip_templates" USING btree ("company_id","name") WHERE archived_at is null;--> statement-breakpoint
CREATE INDEX "payslips_batch_idx" ON "payslips" USING btree ("company_id","batch_id","row_no") WHERE is_current and archived_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "payslips_employee_uq" ON "payslips" USING btree ("company_id","batch_id","employee_id") WHERE is_current and archived_at is null and employee_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "payslips_token_uq" ON "payslips" USING btree ("company_id","token_hash");--> statement-breakpoint
CREATE INDEX "payslips_employee_idx" ON "payslips" USING btree ("company_id","employee_id");--> statement-breakpoint
CREATE POLICY "payslip_batches_tenant" ON "payslip_batches" AS PERMISSIVE FOR ALL TO "wfsaas_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "payslip_events_tenant" ON "payslip_events" AS PERMISSIVE FOR ALL TO "wfsaas_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "payslip_templates_tenant" ON "payslip_templates" AS PERMISSIVE FOR ALL TO "wfsaas_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "payslips_tenant" ON "payslips" AS PERMISSIVE FOR ALL TO "wfsaas_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE OR REPLACE FUNCTION payslip_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN RAISE EXCEPTION 'payslip_events is append-only'; END
$$;--> statement-breakpoint
CREATE TRIGGER payslip_events_append_only BEFORE UPDATE OR DELETE ON "payslip_events" FOR EACH ROW EXECUTE FUNCTION payslip_events_append_only();
