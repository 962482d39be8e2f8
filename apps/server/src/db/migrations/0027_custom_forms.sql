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
ALTER TABLE "custom_form_fills" ADD CONSTRAINT "custom_form_fills_version_fk" FOREIGN KEY ("company_id","form_id","version") REFERENCES "public"."custom_form_versions"("company_id","form_id","version") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_form_versions" ADD CONSTRAINT "custom_form_versions_form_fk" FOREIGN KEY ("company_id","form_id") REFERENCES "public"."custom_forms"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "custom_form_fills_version_idx" ON "custom_form_fills" USING btree ("company_id","form_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "custom_forms_scene_uq" ON "custom_forms" USING btree ("company_id","scene") WHERE "custom_forms"."scene" is not null;--> statement-breakpoint
CREATE POLICY "custom_form_fills_tenant" ON "custom_form_fills" AS PERMISSIVE FOR ALL TO "wfsaas_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "custom_form_versions_tenant" ON "custom_form_versions" AS PERMISSIVE FOR ALL TO "wfsaas_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "custom_forms_tenant" ON "custom_forms" AS PERMISSIVE FOR ALL TO "wfsaas_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::bigint);