CREATE TABLE "os_invites" (
	"company_id" bigint NOT NULL,
	"invite_id" bigint NOT NULL,
	"client_id" bigint NOT NULL,
	"terms" jsonb NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "os_invites_company_id_invite_id_pk" PRIMARY KEY("company_id","invite_id")
);
--> statement-breakpoint
ALTER TABLE "os_invites" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "os_invites_tenant" ON "os_invites" AS PERMISSIVE FOR ALL TO "wfsaas_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::bigint);