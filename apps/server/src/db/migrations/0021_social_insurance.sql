CREATE TABLE "si_contribution_months" (
	"company_id" bigint NOT NULL,
	"month" text NOT NULL,
	"entity_id" bigint NOT NULL,
	"generated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"generated_by" bigint,
	CONSTRAINT "si_contribution_months_company_id_month_entity_id_pk" PRIMARY KEY("company_id","month","entity_id")
);
--> statement-breakpoint
ALTER TABLE "si_contribution_months" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "si_contributions" (
	"company_id" bigint NOT NULL,
	"month" text NOT NULL,
	"employee_id" bigint NOT NULL,
	"item" text NOT NULL,
	"entity_id" bigint NOT NULL,
	"name" text NOT NULL,
	"base" numeric(14, 2) NOT NULL,
	"employer" numeric(14, 2) NOT NULL,
	"employee" numeric(14, 2) NOT NULL,
	CONSTRAINT "si_contributions_company_id_month_employee_id_item_pk" PRIMARY KEY("company_id","month","employee_id","item")
);
--> statement-breakpoint
ALTER TABLE "si_contributions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "si_declaration_lines" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "si_declaration_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"declaration_id" bigint NOT NULL,
	"employee_id" bigint NOT NULL,
	"kind" smallint NOT NULL,
	"source" text NOT NULL,
	"proposal_key" text,
	"from_month" text NOT NULL,
	"to_month" text,
	"si_base" numeric(14, 2) NOT NULL,
	"hf_base" numeric(14, 2) NOT NULL,
	"hf_rate" numeric(8, 6) NOT NULL,
	"back_pay" numeric(14, 2),
	"late_fee" numeric(14, 2),
	"late_days" integer,
	"remark" text DEFAULT '' NOT NULL,
	"dropped" boolean DEFAULT false NOT NULL,
	"result" smallint DEFAULT 0 NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "si_declaration_lines_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "si_declaration_lines" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "si_declarations" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "si_declarations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"entity_id" bigint NOT NULL,
	"month" text NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"submitted_at" timestamp with time zone,
	"submitted_by" bigint,
	"portal_note" text,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "si_declarations_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "si_declarations" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "si_entities" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "si_entities_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"city" text NOT NULL,
	"si_account_no" text DEFAULT '' NOT NULL,
	"hf_account_no" text DEFAULT '' NOT NULL,
	"injury_rate" numeric(8, 6),
	"hf_rate" numeric(8, 6),
	"deadline_day" smallint NOT NULL,
	"join_cutoff_day" smallint,
	"managed_by" text DEFAULT 'self' NOT NULL,
	"agency_name" text DEFAULT '' NOT NULL,
	"locations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"base_follows_pay" boolean DEFAULT false NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"archived_at" timestamp with time zone,
	CONSTRAINT "si_entities_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "si_entities" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "si_insured" (
	"company_id" bigint NOT NULL,
	"employee_id" bigint NOT NULL,
	"entity_id" bigint NOT NULL,
	"si_base" numeric(14, 2) NOT NULL,
	"hf_base" numeric(14, 2) NOT NULL,
	"hf_rate" numeric(8, 6) NOT NULL,
	"start_month" text NOT NULL,
	"end_month" text,
	"status" smallint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "si_insured_company_id_employee_id_pk" PRIMARY KEY("company_id","employee_id")
);
--> statement-breakpoint
ALTER TABLE "si_insured" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "si_insured_history" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "si_insured_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"employee_id" bigint NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"action" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"by" bigint,
	"apply_id" bigint,
	CONSTRAINT "si_insured_history_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "si_insured_history" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "si_portal_layouts" (
	"company_id" bigint NOT NULL,
	"city" text NOT NULL,
	"sheet_name" text NOT NULL,
	"columns" jsonb NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "si_portal_layouts_company_id_city_pk" PRIMARY KEY("company_id","city")
);
--> statement-breakpoint
ALTER TABLE "si_portal_layouts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "si_reconciliations" (
	"company_id" bigint NOT NULL,
	"month" text NOT NULL,
	"entity_id" bigint NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"by" bigint,
	"bill_rows" integer NOT NULL,
	"matched" integer NOT NULL,
	"differences" jsonb NOT NULL,
	CONSTRAINT "si_reconciliations_company_id_month_entity_id_pk" PRIMARY KEY("company_id","month","entity_id")
);
--> statement-breakpoint
ALTER TABLE "si_reconciliations" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE INDEX "si_contributions_entity_idx" ON "si_contributions" USING btree ("company_id","month","entity_id");--> statement-breakpoint
CREATE INDEX "si_declaration_lines_declaration_idx" ON "si_declaration_lines" USING btree ("company_id","declaration_id");--> statement-breakpoint
CREATE INDEX "si_declaration_lines_employee_idx" ON "si_declaration_lines" USING btree ("company_id","employee_id");--> statement-breakpoint
CREATE UNIQUE INDEX "si_declaration_lines_proposal_uq" ON "si_declaration_lines" USING btree ("company_id","declaration_id","proposal_key") WHERE proposal_key is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "si_declarations_open_uq" ON "si_declarations" USING btree ("company_id","entity_id","month") WHERE status <> 4;--> statement-breakpoint
CREATE INDEX "si_declarations_month_idx" ON "si_declarations" USING btree ("company_id","month");--> statement-breakpoint
CREATE UNIQUE INDEX "si_entities_name_uq" ON "si_entities" USING btree ("company_id","name") WHERE archived_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "si_entities_default_uq" ON "si_entities" USING btree ("company_id") WHERE archived_at is null and is_default;--> statement-breakpoint
CREATE INDEX "si_insured_entity_idx" ON "si_insured" USING btree ("company_id","entity_id","status");--> statement-breakpoint
CREATE INDEX "si_insured_history_employee_idx" ON "si_insured_history" USING btree ("company_id","employee_id","at");--> statement-breakpoint
CREATE POLICY "si_contribution_months_tenant" ON "si_contribution_months" AS PERMISSIVE FOR ALL TO "wfsaas_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "si_contributions_tenant" ON "si_contributions" AS PERMISSIVE FOR ALL TO "wfsaas_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "si_declaration_lines_tenant" ON "si_declaration_lines" AS PERMISSIVE FOR ALL TO "wfsaas_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "si_declarations_tenant" ON "si_declarations" AS PERMISSIVE FOR ALL TO "wfsaas_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "si_entities_tenant" ON "si_entities" AS PERMISSIVE FOR ALL TO "wfsaas_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "si_insured_tenant" ON "si_insured" AS PERMISSIVE FOR ALL TO "wfsaas_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "si_insured_history_tenant" ON "si_insured_history" AS PERMISSIVE FOR ALL TO "wfsaas_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "si_portal_layouts_tenant" ON "si_portal_layouts" AS PERMISSIVE FOR ALL TO "wfsaas_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "si_reconciliations_tenant" ON "si_reconciliations" AS PERMISSIVE FOR ALL TO "wfsaas_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::bigint);