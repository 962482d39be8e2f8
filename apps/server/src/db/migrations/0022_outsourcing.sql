CREATE TABLE "os_clients" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "os_clients_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"credit_code" text DEFAULT '' NOT NULL,
	"kind" smallint NOT NULL,
	"agreement_start" date NOT NULL,
	"agreement_end" date NOT NULL,
	"plan_id" bigint NOT NULL,
	"headcount" integer DEFAULT 0 NOT NULL,
	"posts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"contact_name" text DEFAULT '' NOT NULL,
	"contact_phone_enc" text,
	"remark" text DEFAULT '' NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"archived_at" timestamp with time zone,
	CONSTRAINT "os_clients_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "os_clients" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "os_custody_links" (
	"provider_company_id" bigint NOT NULL,
	"client_id" bigint NOT NULL,
	"client_company_id" bigint NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"pay_visible" boolean DEFAULT false NOT NULL,
	"approve_orders" boolean DEFAULT false NOT NULL,
	"approve_dismissals" boolean DEFAULT false NOT NULL,
	"confirm_bills" boolean DEFAULT true NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "os_custody_links_provider_company_id_client_id_pk" PRIMARY KEY("provider_company_id","client_id")
);
--> statement-breakpoint
ALTER TABLE "os_custody_links" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "os_dismissal_lines" (
	"company_id" bigint NOT NULL,
	"dismissal_id" bigint NOT NULL,
	"placement_id" bigint NOT NULL,
	"employee_id" bigint NOT NULL,
	"outcome" text,
	"new_placement_id" bigint,
	"handled_at" timestamp with time zone,
	"handled_by" bigint,
	CONSTRAINT "os_dismissal_lines_company_id_dismissal_id_placement_id_pk" PRIMARY KEY("company_id","dismissal_id","placement_id")
);
--> statement-breakpoint
ALTER TABLE "os_dismissal_lines" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "os_dismissals" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "os_dismissals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_no" text NOT NULL,
	"client_id" bigint NOT NULL,
	"reason" text NOT NULL,
	"last_day" date NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"approval" smallint DEFAULT 0 NOT NULL,
	"raised_by" text DEFAULT 'provider' NOT NULL,
	"cancel_reason" text,
	"history" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "os_dismissals_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "os_dismissals" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "os_orders" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "os_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_no" text NOT NULL,
	"client_id" bigint NOT NULL,
	"post" text NOT NULL,
	"headcount" integer NOT NULL,
	"pay" numeric(14, 2) NOT NULL,
	"start_date" date NOT NULL,
	"requirements" text DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"approval" smallint DEFAULT 0 NOT NULL,
	"raised_by" text DEFAULT 'provider' NOT NULL,
	"cancel_reason" text,
	"history" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "os_orders_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "os_orders" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "os_placements" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "os_placements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"employee_id" bigint NOT NULL,
	"client_id" bigint NOT NULL,
	"order_id" bigint,
	"plan_id" bigint NOT NULL,
	"kind" smallint NOT NULL,
	"post" text NOT NULL,
	"post_kind" text,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"left_date" date,
	"status" smallint DEFAULT 1 NOT NULL,
	"leave_source" text,
	"leave_reason" text,
	"sign_contract" boolean DEFAULT true NOT NULL,
	"contract_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "os_placements_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "os_placements" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "os_plans" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "os_plans_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"fee_kind" text NOT NULL,
	"fee_amount" numeric(14, 2),
	"fee_rate" numeric(8, 6),
	"vat_kind" text NOT NULL,
	"salary_group_id" bigint,
	"si_entity_id" bigint,
	"contract_package_id" bigint,
	"remark" text DEFAULT '' NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"archived_at" timestamp with time zone,
	CONSTRAINT "os_plans_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "os_plans" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "bill_lines" (
	"company_id" bigint NOT NULL,
	"bill_id" bigint NOT NULL,
	"line_no" integer NOT NULL,
	"employee_id" bigint,
	"name" text NOT NULL,
	"employee_no" text,
	"post" text DEFAULT '' NOT NULL,
	"wages" numeric(14, 2) DEFAULT '0' NOT NULL,
	"si_employer" numeric(14, 2) DEFAULT '0' NOT NULL,
	"hf_employer" numeric(14, 2) DEFAULT '0' NOT NULL,
	"service_fee" numeric(14, 2) DEFAULT '0' NOT NULL,
	"vat" numeric(14, 2) DEFAULT '0' NOT NULL,
	"total" numeric(14, 2) DEFAULT '0' NOT NULL,
	"note" text,
	CONSTRAINT "bill_lines_company_id_bill_id_line_no_pk" PRIMARY KEY("company_id","bill_id","line_no")
);
--> statement-breakpoint
ALTER TABLE "bill_lines" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "bills" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "bills_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"bill_no" text NOT NULL,
	"bill_type" smallint NOT NULL,
	"source" text NOT NULL,
	"source_id" bigint NOT NULL,
	"counterparty_name" text NOT NULL,
	"month" text,
	"status" smallint NOT NULL,
	"wages" numeric(14, 2) DEFAULT '0' NOT NULL,
	"si_employer" numeric(14, 2) DEFAULT '0' NOT NULL,
	"hf_employer" numeric(14, 2) DEFAULT '0' NOT NULL,
	"service_fee" numeric(14, 2) DEFAULT '0' NOT NULL,
	"vat" numeric(14, 2) DEFAULT '0' NOT NULL,
	"total" numeric(14, 2) DEFAULT '0' NOT NULL,
	"line_count" integer DEFAULT 0 NOT NULL,
	"terms" text DEFAULT '{}' NOT NULL,
	"generated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"generated_by" bigint,
	"confirmed_at" timestamp with time zone,
	"confirmed_by" text,
	"paid_at" timestamp with time zone,
	"archived_at" timestamp with time zone,
	CONSTRAINT "bills_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "bills" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE UNIQUE INDEX "os_clients_name_uq" ON "os_clients" USING btree ("company_id","name") WHERE archived_at is null;--> statement-breakpoint
CREATE INDEX "os_custody_links_client_idx" ON "os_custody_links" USING btree ("client_company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "os_dismissals_no_uq" ON "os_dismissals" USING btree ("company_id","order_no");--> statement-breakpoint
CREATE INDEX "os_dismissals_client_idx" ON "os_dismissals" USING btree ("company_id","client_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "os_orders_no_uq" ON "os_orders" USING btree ("company_id","order_no");--> statement-breakpoint
CREATE INDEX "os_orders_client_idx" ON "os_orders" USING btree ("company_id","client_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "os_placements_current_uq" ON "os_placements" USING btree ("company_id","employee_id") WHERE status in (1, 2, 3);--> statement-breakpoint
CREATE INDEX "os_placements_client_idx" ON "os_placements" USING btree ("company_id","client_id","status");--> statement-breakpoint
CREATE INDEX "os_placements_order_idx" ON "os_placements" USING btree ("company_id","order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "os_plans_name_uq" ON "os_plans" USING btree ("company_id","name") WHERE archived_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "bills_no_uq" ON "bills" USING btree ("company_id","bill_no");--> statement-breakpoint
CREATE UNIQUE INDEX "bills_source_month_uq" ON "bills" USING btree ("company_id","source","source_id","month","bill_type") WHERE archived_at is null;--> statement-breakpoint
CREATE INDEX "bills_status_idx" ON "bills" USING btree ("company_id","status");--> statement-breakpoint
CREATE POLICY "os_clients_tenant" ON "os_clients" AS PERMISSIVE FOR ALL TO "wfsaas_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "os_custody_links_sides" ON "os_custody_links" AS PERMISSIVE FOR ALL TO "wfsaas_app" USING (provider_company_id = nullif(current_setting('app.company_id', true), '')::bigint or client_company_id = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK (provider_company_id = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "os_dismissal_lines_tenant" ON "os_dismissal_lines" AS PERMISSIVE FOR ALL TO "wfsaas_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "os_dismissals_tenant" ON "os_dismissals" AS PERMISSIVE FOR ALL TO "wfsaas_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "os_orders_tenant" ON "os_orders" AS PERMISSIVE FOR ALL TO "wfsaas_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "os_placements_tenant" ON "os_placements" AS PERMISSIVE FOR ALL TO "wfsaas_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "os_plans_tenant" ON "os_plans" AS PERMISSIVE FOR ALL TO "wfsaas_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "bill_lines_tenant" ON "bill_lines" AS PERMISSIVE FOR ALL TO "wfsaas_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "bills_tenant" ON "bills" AS PERMISSIVE FOR ALL TO "wfsaas_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::bigint);