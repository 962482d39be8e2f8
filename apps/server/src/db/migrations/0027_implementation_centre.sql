CREATE TABLE "dictionaries" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "dictionaries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dictionaries_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "dictionaries_code_ck" CHECK (left("dictionaries"."code", 2) = 'c_')
);
--> statement-breakpoint
ALTER TABLE "dictionaries" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "dictionary_items" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "dictionary_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"dict_code" text NOT NULL,
	"value" text NOT NULL,
	"label" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dictionary_items_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "dictionary_items" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "pay_accounts" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "pay_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"bank_name" text NOT NULL,
	"branch" text NOT NULL,
	"account_name" text NOT NULL,
	"account_enc" text NOT NULL,
	"account_hash" text NOT NULL,
	"account_last4" text NOT NULL,
	"layout" text DEFAULT 'generic' NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"archived_at" timestamp with time zone,
	CONSTRAINT "pay_accounts_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "pay_accounts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "setup_handovers" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "setup_handovers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"handover_date" date NOT NULL,
	"receiver" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"finished" integer NOT NULL,
	"total" integer NOT NULL,
	"created_by" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "setup_handovers_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "setup_handovers" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "setup_step_skips" (
	"company_id" bigint NOT NULL,
	"step_key" text NOT NULL,
	"skipped_by" bigint NOT NULL,
	"skipped_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "setup_step_skips_company_id_step_key_pk" PRIMARY KEY("company_id","step_key")
);
--> statement-breakpoint
ALTER TABLE "setup_step_skips" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "change_plan_runs" (
	"company_id" bigint NOT NULL,
	"change_id" bigint NOT NULL,
	"plan_id" bigint NOT NULL,
	"plan_name" text NOT NULL,
	"scene" text NOT NULL,
	"form_source" text NOT NULL,
	"form_version" integer,
	"approver_user_ids" bigint[] DEFAULT '{}'::bigint[] NOT NULL,
	"approver_role_ids" bigint[] DEFAULT '{}'::bigint[] NOT NULL,
	"date_rule" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "change_plan_runs_company_id_change_id_pk" PRIMARY KEY("company_id","change_id")
);
--> statement-breakpoint
ALTER TABLE "change_plan_runs" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "change_plans" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "change_plans_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"scene" text NOT NULL,
	"department_ids" bigint[] DEFAULT '{}'::bigint[] NOT NULL,
	"form_source" text DEFAULT 'type' NOT NULL,
	"form" jsonb,
	"form_version" integer DEFAULT 0 NOT NULL,
	"approver_user_ids" bigint[] DEFAULT '{}'::bigint[] NOT NULL,
	"approver_role_ids" bigint[] DEFAULT '{}'::bigint[] NOT NULL,
	"date_rule" text NOT NULL,
	"min_days" integer,
	"max_days" integer,
	"enabled" boolean DEFAULT true NOT NULL,
	"remark" text,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "change_plans_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "change_plans_range_ck" CHECK ("change_plans"."date_rule" <> 'range' or ("change_plans"."min_days" is not null and "change_plans"."max_days" is not null and "change_plans"."min_days" <= "change_plans"."max_days"))
);
--> statement-breakpoint
ALTER TABLE "change_plans" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "push_mp_accounts" (
	"company_id" bigint PRIMARY KEY NOT NULL,
	"app_id" text NOT NULL,
	"secret_enc" text NOT NULL,
	"access_token_enc" text,
	"token_expires_at" timestamp with time zone,
	"last_pulled_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "push_mp_accounts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "push_mp_templates" (
	"company_id" bigint NOT NULL,
	"template_id" text NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"example" text DEFAULT '' NOT NULL,
	"pulled_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_mp_templates_company_id_template_id_pk" PRIMARY KEY("company_id","template_id")
);
--> statement-breakpoint
ALTER TABLE "push_mp_templates" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "push_templates" (
	"company_id" bigint NOT NULL,
	"channel" text NOT NULL,
	"event" text NOT NULL,
	"subject" text,
	"body" text,
	"sign_name" text,
	"template_code" text,
	"mp_template_id" text,
	"mp_fields" jsonb,
	"mp_url" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_templates_company_id_channel_event_pk" PRIMARY KEY("company_id","channel","event")
);
--> statement-breakpoint
ALTER TABLE "push_templates" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "password_history" (
	"user_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "password_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"password_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "password_history_user_id_id_pk" PRIMARY KEY("user_id","id")
);
--> statement-breakpoint
CREATE TABLE "system_field_settings" (
	"company_id" bigint NOT NULL,
	"field_key" text NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"visible" boolean NOT NULL,
	"required" boolean NOT NULL,
	"sort_order" smallint NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "system_field_settings_company_id_field_key_pk" PRIMARY KEY("company_id","field_key")
);
--> statement-breakpoint
ALTER TABLE "system_field_settings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "system_settings" (
	"company_id" bigint NOT NULL,
	"password_min_length" smallint DEFAULT 8 NOT NULL,
	"password_classes" text[] DEFAULT '{"letter","digit"}' NOT NULL,
	"password_expiry_days" smallint DEFAULT 0 NOT NULL,
	"password_history" smallint DEFAULT 0 NOT NULL,
	"lock_after_failures" smallint DEFAULT 5 NOT NULL,
	"lock_minutes" smallint DEFAULT 15 NOT NULL,
	"session_hours" smallint,
	"watermark_enabled" boolean DEFAULT false NOT NULL,
	"watermark_name" boolean DEFAULT true NOT NULL,
	"watermark_phone" boolean DEFAULT true NOT NULL,
	"watermark_date" boolean DEFAULT true NOT NULL,
	"watermark_text" text DEFAULT '' NOT NULL,
	"import_days" integer DEFAULT 7 NOT NULL,
	"audit_days" integer DEFAULT 1095 NOT NULL,
	"outbox_days" integer DEFAULT 365 NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "system_settings_company_id_pk" PRIMARY KEY("company_id")
);
--> statement-breakpoint
ALTER TABLE "system_settings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "custom_form_fills" (
	"company_id" bigint NOT NULL,
	"form_id" bigint NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" bigint NOT NULL,
	"version" integer NOT NULL,
	"values" jsonb,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "custom_form_fills_company_id_form_id_subject_type_subject_id_pk" PRIMARY KEY("company_id","form_id","subject_type","subject_id")
);
--> statement-breakpoint
ALTER TABLE "custom_form_fills" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "custom_form_versions" (
	"company_id" bigint NOT NULL,
	"form_id" bigint NOT NULL,
	"version" integer NOT NULL,
	"form_config" jsonb NOT NULL,
	"widget_list" jsonb NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "custom_form_versions_company_id_form_id_version_pk" PRIMARY KEY("company_id","form_id","version")
);
--> statement-breakpoint
ALTER TABLE "custom_form_versions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "custom_forms" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "custom_forms_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"scene" text,
	"current_version" integer NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "custom_forms_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "custom_forms" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "event" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "template_enc" text;--> statement-breakpoint
ALTER TABLE "change_plan_runs" ADD CONSTRAINT "change_plan_runs_change_fk" FOREIGN KEY ("company_id","change_id") REFERENCES "public"."employee_changes"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_plan_runs" ADD CONSTRAINT "change_plan_runs_plan_fk" FOREIGN KEY ("company_id","plan_id") REFERENCES "public"."change_plans"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_history" ADD CONSTRAINT "password_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system_field_settings" ADD CONSTRAINT "system_field_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system_settings" ADD CONSTRAINT "system_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_form_fills" ADD CONSTRAINT "custom_form_fills_version_fk" FOREIGN KEY ("company_id","form_id","version") REFERENCES "public"."custom_form_versions"("company_id","form_id","version") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_form_versions" ADD CONSTRAINT "custom_form_versions_form_fk" FOREIGN KEY ("company_id","form_id") REFERENCES "public"."custom_forms"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dictionaries_code_uq" ON "dictionaries" USING btree ("company_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "dictionary_items_value_uq" ON "dictionary_items" USING btree ("company_id","dict_code","value");--> statement-breakpoint
CREATE INDEX "dictionary_items_dict_idx" ON "dictionary_items" USING btree ("company_id","dict_code","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "pay_accounts_number_uq" ON "pay_accounts" USING btree ("company_id","account_hash") WHERE archived_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "pay_accounts_default_uq" ON "pay_accounts" USING btree ("company_id") WHERE archived_at is null and is_default;--> statement-breakpoint
CREATE INDEX "setup_handovers_created_idx" ON "setup_handovers" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "change_plan_runs_plan_idx" ON "change_plan_runs" USING btree ("company_id","plan_id");--> statement-breakpoint
CREATE UNIQUE INDEX "change_plans_name_uq" ON "change_plans" USING btree ("company_id","name");--> statement-breakpoint
CREATE INDEX "password_history_user_idx" ON "password_history" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "custom_form_fills_version_idx" ON "custom_form_fills" USING btree ("company_id","form_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "custom_forms_scene_uq" ON "custom_forms" USING btree ("company_id","scene") WHERE "custom_forms"."scene" is not null;--> statement-breakpoint
CREATE POLICY "dictionaries_tenant" ON "dictionaries" AS PERMISSIVE FOR ALL TO "wfsaas_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "dictionary_items_tenant" ON "dictionary_items" AS PERMISSIVE FOR ALL TO "wfsaas_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "pay_accounts_tenant" ON "pay_accounts" AS PERMISSIVE FOR ALL TO "wfsaas_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "setup_handovers_tenant" ON "setup_handovers" AS PERMISSIVE FOR ALL TO "wfsaas_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "setup_step_skips_tenant" ON "setup_step_skips" AS PERMISSIVE FOR ALL TO "wfsaas_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "change_plan_runs_tenant" ON "change_plan_runs" AS PERMISSIVE FOR ALL TO "wfsaas_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "change_plans_tenant" ON "change_plans" AS PERMISSIVE FOR ALL TO "wfsaas_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "push_mp_accounts_tenant" ON "push_mp_accounts" AS PERMISSIVE FOR ALL TO "wfsaas_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "push_mp_templates_tenant" ON "push_mp_templates" AS PERMISSIVE FOR ALL TO "wfsaas_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "push_templates_tenant" ON "push_templates" AS PERMISSIVE FOR ALL TO "wfsaas_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "system_field_settings_tenant" ON "system_field_settings" AS PERMISSIVE FOR ALL TO "wfsaas_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "system_settings_tenant" ON "system_settings" AS PERMISSIVE FOR ALL TO "wfsaas_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "custom_form_fills_tenant" ON "custom_form_fills" AS PERMISSIVE FOR ALL TO "wfsaas_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "custom_form_versions_tenant" ON "custom_form_versions" AS PERMISSIVE FOR ALL TO "wfsaas_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "custom_forms_tenant" ON "custom_forms" AS PERMISSIVE FOR ALL TO "wfsaas_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::bigint);