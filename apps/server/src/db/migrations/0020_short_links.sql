CREATE TABLE "short_links" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"company_id" bigint,
	"target_enc" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
