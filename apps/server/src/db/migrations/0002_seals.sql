CREATE TABLE "platform_ca" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"common_name" text NOT NULL,
	"certificate_pem" text NOT NULL,
	"encrypted_key_pem" text NOT NULL,
	"serial_number" text NOT NULL,
	"not_before" timestamp with time zone NOT NULL,
	"not_after" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "platform_ca_singleton_ck" CHECK ("platform_ca"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "seal_usage_log" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "seal_usage_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"seal_id" bigint NOT NULL,
	"contract_id" bigint,
	"user_id" bigint,
	"action" text NOT NULL,
	"detail" jsonb,
	"ip" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seal_usage_log_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "seal_usage_log" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "seals" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "seals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"type" smallint NOT NULL,
	"source" text NOT NULL,
	"file_id" bigint NOT NULL,
	"width" integer,
	"height" integer,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"archived_at" timestamp with time zone,
	CONSTRAINT "seals_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "seals_type_ck" CHECK ("seals"."type" in (1, 2, 3)),
	CONSTRAINT "seals_source_ck" CHECK ("seals"."source" in ('generated', 'uploaded')),
	CONSTRAINT "seals_status_ck" CHECK ("seals"."status" in (0, 1))
);
--> statement-breakpoint
ALTER TABLE "seals" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE INDEX "seal_usage_log_seal_idx" ON "seal_usage_log" USING btree ("company_id","seal_id","created_at");--> statement-breakpoint
CREATE INDEX "seal_usage_log_contract_idx" ON "seal_usage_log" USING btree ("company_id","contract_id") WHERE contract_id is not null;--> statement-breakpoint
CREATE INDEX "seals_company_created_idx" ON "seals" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE POLICY "seal_usage_log_tenant" ON "seal_usage_log" AS PERMISSIVE FOR ALL TO "wfsaas_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "seals_tenant" ON "seals" AS PERMISSIVE FOR ALL TO "wfsaas_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::bigint);