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
ALTER TABLE "outbox" ADD COLUMN "event" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "template_enc" text;--> statement-breakpoint
CREATE POLICY "push_mp_accounts_tenant" ON "push_mp_accounts" AS PERMISSIVE FOR ALL TO "wfsaas_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "push_mp_templates_tenant" ON "push_mp_templates" AS PERMISSIVE FOR ALL TO "wfsaas_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "push_templates_tenant" ON "push_templates" AS PERMISSIVE FOR ALL TO "wfsaas_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::bigint);