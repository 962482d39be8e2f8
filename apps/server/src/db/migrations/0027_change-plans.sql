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
ALTER TABLE "change_plan_runs" ADD CONSTRAINT "change_plan_runs_change_fk" FOREIGN KEY ("company_id","change_id") REFERENCES "public"."employee_changes"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_plan_runs" ADD CONSTRAINT "change_plan_runs_plan_fk" FOREIGN KEY ("company_id","plan_id") REFERENCES "public"."change_plans"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "change_plan_runs_plan_idx" ON "change_plan_runs" USING btree ("company_id","plan_id");--> statement-breakpoint
CREATE UNIQUE INDEX "change_plans_name_uq" ON "change_plans" USING btree ("company_id","name");--> statement-breakpoint
CREATE POLICY "change_plan_runs_tenant" ON "change_plan_runs" AS PERMISSIVE FOR ALL TO "wfsaas_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "change_plans_tenant" ON "change_plans" AS PERMISSIVE FOR ALL TO "wfsaas_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::bigint);