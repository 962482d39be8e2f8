CREATE TABLE "platform_bill_events" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "platform_bill_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"bill_id" bigint NOT NULL,
	"action" text NOT NULL,
	"from_status" smallint,
	"to_status" smallint NOT NULL,
	"actor_kind" text NOT NULL,
	"actor_user_id" bigint,
	"reason" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "platform_bill_events_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "platform_bill_events" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "platform_bill_lines" (
	"company_id" bigint NOT NULL,
	"bill_id" bigint NOT NULL,
	"line_no" integer NOT NULL,
	"item" text NOT NULL,
	"quantity" numeric(14, 2) DEFAULT '1' NOT NULL,
	"unit" text DEFAULT '' NOT NULL,
	"unit_price" numeric(14, 2) DEFAULT '0' NOT NULL,
	"amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"note" text,
	CONSTRAINT "platform_bill_lines_company_id_bill_id_line_no_pk" PRIMARY KEY("company_id","bill_id","line_no")
);
--> statement-breakpoint
ALTER TABLE "platform_bill_lines" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "platform_bills" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "platform_bills_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"bill_no" text NOT NULL,
	"bill_type" smallint NOT NULL,
	"kind" text NOT NULL,
	"source_id" bigint,
	"title" text NOT NULL,
	"month" text,
	"status" smallint NOT NULL,
	"amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"due_date" text,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"confirmed_by" bigint,
	"paid_at" timestamp with time zone,
	CONSTRAINT "platform_bills_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "platform_bills" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "certification_status" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "certified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "platform_operator" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "platform_bill_events_bill_idx" ON "platform_bill_events" USING btree ("company_id","bill_id");--> statement-breakpoint
CREATE UNIQUE INDEX "platform_bills_no_uq" ON "platform_bills" USING btree ("company_id","bill_no");--> statement-breakpoint
CREATE INDEX "platform_bills_status_idx" ON "platform_bills" USING btree ("company_id","status");--> statement-breakpoint
CREATE POLICY "platform_bill_events_tenant" ON "platform_bill_events" AS PERMISSIVE FOR ALL TO "wfsaas_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "platform_bill_lines_tenant" ON "platform_bill_lines" AS PERMISSIVE FOR ALL TO "wfsaas_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "platform_bills_tenant" ON "platform_bills" AS PERMISSIVE FOR ALL TO "wfsaas_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::bigint);