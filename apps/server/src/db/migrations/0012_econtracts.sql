CREATE TABLE "company_certificates" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "company_certificates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"serial_number" text NOT NULL,
	"certificate_pem" text NOT NULL,
	"p12" text NOT NULL,
	"not_before" timestamp with time zone NOT NULL,
	"not_after" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_certificates_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "company_certificates" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "contract_templates" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "contract_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"contract_type_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"file_id" bigint NOT NULL,
	"title" text,
	"paragraphs" jsonb,
	"fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"pages" jsonb NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"archived_at" timestamp with time zone,
	CONSTRAINT "contract_templates_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "contract_templates_kind_ck" CHECK ("contract_templates"."kind" in ('pdf', 'richText'))
);
--> statement-breakpoint
ALTER TABLE "contract_templates" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "contract_types" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "contract_types_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"archived_at" timestamp with time zone,
	CONSTRAINT "contract_types_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "contract_types" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "contract_watermarks" (
	"company_id" bigint NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"text" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contract_watermarks_company_id_pk" PRIMARY KEY("company_id")
);
--> statement-breakpoint
ALTER TABLE "contract_watermarks" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "econtract_events" (
	"company_id" bigint NOT NULL,
	"contract_id" bigint NOT NULL,
	"seq" integer NOT NULL,
	"type" text NOT NULL,
	"actor_user_id" bigint,
	"actor_name" text,
	"ip" text,
	"user_agent" text,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "econtract_events_company_id_contract_id_seq_pk" PRIMARY KEY("company_id","contract_id","seq")
);
--> statement-breakpoint
ALTER TABLE "econtract_events" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "econtracts" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "econtracts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"contract_no" text NOT NULL,
	"title" text NOT NULL,
	"employee_id" bigint NOT NULL,
	"template_id" bigint,
	"package_id" bigint,
	"contract_type_id" bigint,
	"job_id" bigint,
	"deal_code" integer,
	"sign_order" smallint NOT NULL,
	"form" smallint DEFAULT 1 NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"complete" smallint DEFAULT 0 NOT NULL,
	"deadline" date,
	"contract_start" date,
	"contract_end" date,
	"fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"input_values" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"base_file_id" bigint NOT NULL,
	"base_sha256" text NOT NULL,
	"current_file_id" bigint,
	"current_sha256" text,
	"page_count" integer DEFAULT 1 NOT NULL,
	"company_signed_at" timestamp with time zone,
	"company_seal_id" bigint,
	"company_signed_by" bigint,
	"company_cert_serial" text,
	"employee_signed_at" timestamp with time zone,
	"employee_cert_serial" text,
	"completed_at" timestamp with time zone,
	"paper_scan_file_id" bigint,
	"reason" text,
	"last_urged_at" timestamp with time zone,
	"link_version" integer DEFAULT 1 NOT NULL,
	"initiated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "econtracts_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "econtracts_status_ck" CHECK ("econtracts"."status" in (0, 1, 2, 3, 5, 6)),
	CONSTRAINT "econtracts_order_ck" CHECK ("econtracts"."sign_order" in (1, 2, 3)),
	CONSTRAINT "econtracts_form_ck" CHECK ("econtracts"."form" in (1, 2))
);
--> statement-breakpoint
ALTER TABLE "econtracts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "sign_packages" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "sign_packages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"template_ids" jsonb NOT NULL,
	"sign_order" smallint DEFAULT 1 NOT NULL,
	"deadline_days" integer DEFAULT 7 NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"archived_at" timestamp with time zone,
	CONSTRAINT "sign_packages_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "sign_packages_order_ck" CHECK ("sign_packages"."sign_order" in (1, 2, 3))
);
--> statement-breakpoint
ALTER TABLE "sign_packages" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "sign_scenes" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "sign_scenes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"deal_code" integer NOT NULL,
	"name" text NOT NULL,
	"package_ids" jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"archived_at" timestamp with time zone,
	CONSTRAINT "sign_scenes_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "sign_scenes_deal_code_ck" CHECK ("sign_scenes"."deal_code" between 1000 and 1005)
);
--> statement-breakpoint
ALTER TABLE "sign_scenes" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE INDEX "company_certificates_valid_idx" ON "company_certificates" USING btree ("company_id","not_after");--> statement-breakpoint
CREATE UNIQUE INDEX "econtracts_no_uq" ON "econtracts" USING btree ("company_id","contract_no");--> statement-breakpoint
CREATE INDEX "econtracts_employee_idx" ON "econtracts" USING btree ("company_id","employee_id");--> statement-breakpoint
CREATE INDEX "econtracts_status_idx" ON "econtracts" USING btree ("company_id","status","created_at");--> statement-breakpoint
CREATE INDEX "sign_scenes_deal_idx" ON "sign_scenes" USING btree ("company_id","deal_code");--> statement-breakpoint
CREATE POLICY "company_certificates_tenant" ON "company_certificates" AS PERMISSIVE FOR ALL TO "wfsaas_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "contract_templates_tenant" ON "contract_templates" AS PERMISSIVE FOR ALL TO "wfsaas_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "contract_types_tenant" ON "contract_types" AS PERMISSIVE FOR ALL TO "wfsaas_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "contract_watermarks_tenant" ON "contract_watermarks" AS PERMISSIVE FOR ALL TO "wfsaas_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "econtract_events_tenant" ON "econtract_events" AS PERMISSIVE FOR ALL TO "wfsaas_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "econtracts_tenant" ON "econtracts" AS PERMISSIVE FOR ALL TO "wfsaas_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "sign_packages_tenant" ON "sign_packages" AS PERMISSIVE FOR ALL TO "wfsaas_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "sign_scenes_tenant" ON "sign_scenes" AS PERMISSIVE FOR ALL TO "wfsaas_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::bigint);