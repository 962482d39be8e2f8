CREATE TABLE "company_promoters" (
	"company_id" bigint PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"promoter_id" text NOT NULL,
	"promoter" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lead_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lead_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"lead_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"actor_user_id" bigint,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ip" text,
	"user_agent" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leads" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "leads_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"company_id" bigint,
	"mobile_enc" text NOT NULL,
	"mobile_hash" text NOT NULL,
	"clue_seat" text NOT NULL,
	"source_type" smallint NOT NULL,
	"insurance_type" smallint NOT NULL,
	"plan_num_type" text NOT NULL,
	"ad_sign" text,
	"gw_source" text,
	"is_post" smallint,
	"remark" text,
	"in_emp" integer,
	"promoter" jsonb,
	"promoter_id" text,
	"status" smallint DEFAULT 1 NOT NULL,
	"follow_note" text,
	"followed_by" bigint,
	"followed_at" timestamp with time zone,
	"submit_count" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_submitted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sign_subscriptions" (
	"company_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"to_sign" boolean DEFAULT true NOT NULL,
	"completed" boolean DEFAULT true NOT NULL,
	"withdrawn" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sign_subscriptions_company_id_user_id_pk" PRIMARY KEY("company_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "sign_subscriptions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE INDEX "lead_events_lead_idx" ON "lead_events" USING btree ("lead_id","id");--> statement-breakpoint
CREATE INDEX "lead_events_actor_idx" ON "lead_events" USING btree ("actor_user_id","kind","at");--> statement-breakpoint
CREATE INDEX "leads_merge_idx" ON "leads" USING btree ("mobile_hash","plan_num_type","last_submitted_at");--> statement-breakpoint
CREATE INDEX "leads_status_idx" ON "leads" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "leads_promoter_idx" ON "leads" USING btree ("promoter_id");--> statement-breakpoint
CREATE POLICY "sign_subscriptions_tenant" ON "sign_subscriptions" AS PERMISSIVE FOR ALL TO "wfsaas_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::bigint);