CREATE TABLE "onboarding_invites" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "onboarding_invites_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"token" text NOT NULL,
	"expires_on" date NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"department_id" bigint,
	"position_id" bigint,
	"hire_date" date,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "onboarding_invites_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "onboarding_invites" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "onboarding_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"invite_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "onboarding_submissions" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "onboarding_submissions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"invite_id" bigint NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"name" text NOT NULL,
	"mobile_enc" text NOT NULL,
	"mobile_hash" text NOT NULL,
	"mobile_masked" text NOT NULL,
	"id_type" smallint NOT NULL,
	"id_number_enc" text NOT NULL,
	"id_number_masked" text NOT NULL,
	"gender" smallint,
	"birth_date" date,
	"email" text,
	"education" smallint,
	"address" text,
	"emergency_name" text,
	"emergency_phone_enc" text,
	"bank_name" text,
	"bank_account_enc" text,
	"bank_account_masked" text,
	"id_front_file_id" bigint,
	"id_back_file_id" bigint,
	"reject_reason" text,
	"employee_id" bigint,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_by" bigint,
	"reviewed_at" timestamp with time zone,
	CONSTRAINT "onboarding_submissions_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "onboarding_submissions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE UNIQUE INDEX "onboarding_submissions_mobile_uq" ON "onboarding_submissions" USING btree ("company_id","invite_id","mobile_hash");--> statement-breakpoint
CREATE INDEX "onboarding_submissions_status_idx" ON "onboarding_submissions" USING btree ("company_id","status","submitted_at");--> statement-breakpoint
CREATE POLICY "onboarding_invites_tenant" ON "onboarding_invites" AS PERMISSIVE FOR ALL TO "wfsaas_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "onboarding_submissions_tenant" ON "onboarding_submissions" AS PERMISSIVE FOR ALL TO "wfsaas_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::bigint);