CREATE TABLE "member_invitations" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "member_invitations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"phone_hash" text NOT NULL,
	"phone_enc" text NOT NULL,
	"nickname" text NOT NULL,
	"role_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"invited_by" bigint,
	"user_id" bigint,
	"expires_at" timestamp with time zone NOT NULL,
	"responded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_invitations_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "member_invitations" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "outbox" ALTER COLUMN "body" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "import_rows" ALTER COLUMN "data" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "onboarding_invites" ALTER COLUMN "token" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "temp_tokens" ADD COLUMN "session_id" bigint;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "body_enc" text;--> statement-breakpoint
ALTER TABLE "import_rows" ADD COLUMN "data_enc" text;--> statement-breakpoint
ALTER TABLE "onboarding_invites" ADD COLUMN "token_enc" text;--> statement-breakpoint
ALTER TABLE "member_invitations" ADD CONSTRAINT "member_invitations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "member_invitations_pending_uq" ON "member_invitations" USING btree ("company_id","phone_hash") WHERE status = 0;--> statement-breakpoint
CREATE INDEX "member_invitations_phone_idx" ON "member_invitations" USING btree ("phone_hash") WHERE status = 0;--> statement-breakpoint
CREATE INDEX "login_failures_ip_idx" ON "login_failures" USING btree ("ip","created_at");--> statement-breakpoint
CREATE POLICY "member_invitations_tenant" ON "member_invitations" AS PERMISSIVE FOR ALL TO "wfsaas_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
UPDATE "users" u SET "phone_verified_at" = now() WHERE EXISTS (SELECT 1 FROM "sms_codes" c WHERE c."phone_hash" = u."phone_hash" AND c."purpose" = 'login' AND c."used_at" IS NOT NULL);
