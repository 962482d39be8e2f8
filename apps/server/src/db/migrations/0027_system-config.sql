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
ALTER TABLE "password_history" ADD CONSTRAINT "password_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system_field_settings" ADD CONSTRAINT "system_field_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system_settings" ADD CONSTRAINT "system_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "password_history_user_idx" ON "password_history" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE POLICY "system_field_settings_tenant" ON "system_field_settings" AS PERMISSIVE FOR ALL TO "wfsaas_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "system_settings_tenant" ON "system_settings" AS PERMISSIVE FOR ALL TO "wfsaas_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::bigint);