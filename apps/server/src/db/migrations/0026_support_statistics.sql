CREATE TABLE "help_articles" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "help_articles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"column_id" bigint NOT NULL,
	"title" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"tags" text[] DEFAULT '{}' NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"pinned" boolean DEFAULT false NOT NULL,
	"view_count" integer DEFAULT 0 NOT NULL,
	"search" "tsvector" NOT NULL,
	"published_at" timestamp with time zone,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "help_audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "help_audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"actor_user_id" bigint,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text,
	"before" jsonb,
	"after" jsonb,
	"ip" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "help_columns" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "help_columns_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "help_feedback" (
	"article_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"helpful" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "help_feedback_article_id_user_id_pk" PRIMARY KEY("article_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "work_order_files" (
	"company_id" bigint NOT NULL,
	"file_id" bigint NOT NULL,
	"work_order_id" bigint NOT NULL,
	"message_id" bigint,
	CONSTRAINT "work_order_files_company_id_file_id_pk" PRIMARY KEY("company_id","file_id")
);
--> statement-breakpoint
ALTER TABLE "work_order_files" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "work_order_messages" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "work_order_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"work_order_id" bigint NOT NULL,
	"author_kind" text NOT NULL,
	"author_user_id" bigint,
	"author_name" text NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "work_order_messages_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "work_order_messages" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "work_orders" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "work_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_no" text NOT NULL,
	"category" smallint NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"contact_phone_enc" text,
	"contact_phone_masked" text,
	"related_type" text,
	"related_id" bigint,
	"related_label" text,
	"status" smallint DEFAULT 1 NOT NULL,
	"locked" boolean DEFAULT false NOT NULL,
	"awaiting_platform" boolean DEFAULT true NOT NULL,
	"created_by" bigint NOT NULL,
	"created_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_at" timestamp with time zone,
	"resolved_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"rating" smallint,
	"rating_comment" text,
	"rated_at" timestamp with time zone,
	"archived_at" timestamp with time zone,
	CONSTRAINT "work_orders_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "work_orders_status_ck" CHECK ("work_orders"."status" between 1 and 5),
	CONSTRAINT "work_orders_rating_ck" CHECK ("work_orders"."rating" is null or "work_orders"."rating" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "work_orders" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
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
ALTER TABLE "files" DROP CONSTRAINT "files_kind_ck";--> statement-breakpoint
ALTER TABLE "help_articles" ADD CONSTRAINT "help_articles_column_id_help_columns_id_fk" FOREIGN KEY ("column_id") REFERENCES "public"."help_columns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_feedback" ADD CONSTRAINT "help_feedback_article_id_help_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."help_articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_files" ADD CONSTRAINT "work_order_files_order_fk" FOREIGN KEY ("company_id","work_order_id") REFERENCES "public"."work_orders"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_messages" ADD CONSTRAINT "work_order_messages_order_fk" FOREIGN KEY ("company_id","work_order_id") REFERENCES "public"."work_orders"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "help_articles_search_idx" ON "help_articles" USING gin ("search");--> statement-breakpoint
CREATE INDEX "help_articles_column_idx" ON "help_articles" USING btree ("column_id","status");--> statement-breakpoint
CREATE INDEX "help_audit_log_entity_idx" ON "help_audit_log" USING btree ("entity","entity_id");--> statement-breakpoint
CREATE UNIQUE INDEX "help_columns_name_uq" ON "help_columns" USING btree ("name");--> statement-breakpoint
CREATE INDEX "work_order_files_order_idx" ON "work_order_files" USING btree ("company_id","work_order_id");--> statement-breakpoint
CREATE INDEX "work_order_messages_order_idx" ON "work_order_messages" USING btree ("company_id","work_order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "work_orders_no_uq" ON "work_orders" USING btree ("company_id","order_no");--> statement-breakpoint
CREATE INDEX "work_orders_status_idx" ON "work_orders" USING btree ("status","created_at") WHERE archived_at is null;--> statement-breakpoint
CREATE INDEX "lead_events_lead_idx" ON "lead_events" USING btree ("lead_id","id");--> statement-breakpoint
CREATE INDEX "lead_events_actor_idx" ON "lead_events" USING btree ("actor_user_id","kind","at");--> statement-breakpoint
CREATE INDEX "leads_merge_idx" ON "leads" USING btree ("mobile_hash","plan_num_type","last_submitted_at");--> statement-breakpoint
CREATE INDEX "leads_status_idx" ON "leads" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "leads_promoter_idx" ON "leads" USING btree ("promoter_id");--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_kind_ck" CHECK (kind in ('upload', 'static', 'export', 'employee', 'seal', 'contract', 'contract_template', 'employee_import', 'payslip_sheet', 'payslip_signature', 'onboarding_photo', 'invoice', 'deposit_proof', 'company_licence', 'platform_bill_proof', 'work_order'));--> statement-breakpoint
CREATE POLICY "work_order_files_tenant" ON "work_order_files" AS PERMISSIVE FOR ALL TO "wfsaas_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "work_order_messages_tenant" ON "work_order_messages" AS PERMISSIVE FOR ALL TO "wfsaas_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "work_orders_tenant" ON "work_orders" AS PERMISSIVE FOR ALL TO "wfsaas_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "sign_subscriptions_tenant" ON "sign_subscriptions" AS PERMISSIVE FOR ALL TO "wfsaas_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::bigint);