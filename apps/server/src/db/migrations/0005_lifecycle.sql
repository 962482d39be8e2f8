CREATE TABLE "employee_changes" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "employee_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"employee_id" bigint NOT NULL,
	"type" text NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"effective_date" date NOT NULL,
	"before" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"after" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"early" boolean DEFAULT false NOT NULL,
	"remark" text,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" bigint,
	CONSTRAINT "employee_changes_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "employee_changes" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE INDEX "employee_changes_employee_idx" ON "employee_changes" USING btree ("company_id","employee_id","created_at");--> statement-breakpoint
CREATE INDEX "employee_changes_due_idx" ON "employee_changes" USING btree ("effective_date") WHERE status = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "employee_changes_one_waiting_uq" ON "employee_changes" USING btree ("company_id","employee_id","type") WHERE status = 0;--> statement-breakpoint
CREATE POLICY "employee_changes_tenant" ON "employee_changes" AS PERMISSIVE FOR ALL TO "wfsaas_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::bigint);