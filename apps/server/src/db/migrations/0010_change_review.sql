CREATE TABLE "change_settings" (
	"company_id" bigint NOT NULL,
	"review_types" text[] DEFAULT '{}'::text[] NOT NULL,
	"default_probation_months" smallint NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "change_settings_company_id_pk" PRIMARY KEY("company_id"),
	CONSTRAINT "change_settings_probation_ck" CHECK ("change_settings"."default_probation_months" between 0 and 6)
);
--> statement-breakpoint
ALTER TABLE "change_settings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP INDEX "employee_changes_one_waiting_uq";--> statement-breakpoint
ALTER TABLE "employee_changes" ADD COLUMN "reviewed_by" bigint;--> statement-breakpoint
ALTER TABLE "employee_changes" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "employee_changes" ADD COLUMN "review_remark" text;--> statement-breakpoint
CREATE UNIQUE INDEX "employee_changes_one_open_uq" ON "employee_changes" USING btree ("company_id","employee_id","type") WHERE status in (0, 3);--> statement-breakpoint
CREATE INDEX "employee_changes_review_idx" ON "employee_changes" USING btree ("company_id","created_at") WHERE reviewed_by is not null or status = 3;--> statement-breakpoint
CREATE POLICY "change_settings_tenant" ON "change_settings" AS PERMISSIVE FOR ALL TO "wfsaas_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::bigint);