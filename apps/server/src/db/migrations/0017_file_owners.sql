ALTER TABLE "files" DROP CONSTRAINT "files_kind_ck";--> statement-breakpoint
DROP INDEX "files_static_idx";--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "public_id" text;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "owner_id" bigint;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "claim_key" text;--> statement-breakpoint
UPDATE "files" SET "public_id" = replace(gen_random_uuid()::text, '-', '');--> statement-breakpoint
ALTER TABLE "files" ALTER COLUMN "public_id" SET NOT NULL;--> statement-breakpoint
UPDATE "files" f SET "kind" = 'employee', "owner_id" = a."employee_id" FROM "employee_attachments" a WHERE a."company_id" = f."company_id" AND a."file_id" = f."id" AND f."kind" = 'upload';--> statement-breakpoint
UPDATE "files" f SET "kind" = 'employee', "owner_id" = e."id" FROM "employees" e WHERE e."company_id" = f."company_id" AND e."photo_file_id" = f."id" AND f."kind" = 'upload';--> statement-breakpoint
UPDATE "files" f SET "kind" = 'seal', "owner_id" = s."id" FROM "seals" s WHERE s."company_id" = f."company_id" AND s."file_id" = f."id" AND f."kind" = 'upload';--> statement-breakpoint
UPDATE "files" f SET "kind" = 'contract_template', "owner_id" = t."id" FROM "contract_templates" t WHERE t."company_id" = f."company_id" AND t."file_id" = f."id" AND f."kind" = 'upload';--> statement-breakpoint
UPDATE "files" f SET "kind" = 'contract', "owner_id" = c."id" FROM "econtracts" c WHERE c."company_id" = f."company_id" AND f."id" IN (c."base_file_id", c."current_file_id", c."paper_scan_file_id") AND f."kind" = 'upload';--> statement-breakpoint
UPDATE "files" f SET "kind" = 'employee_import', "owner_id" = b."id" FROM "import_batches" b WHERE b."company_id" = f."company_id" AND f."id" IN (b."file_id", b."error_file_id") AND f."kind" = 'upload';--> statement-breakpoint
UPDATE "files" f SET "kind" = 'payslip_sheet', "owner_id" = b."id" FROM "payslip_batches" b WHERE b."company_id" = f."company_id" AND b."file_id" = f."id" AND f."kind" = 'upload';--> statement-breakpoint
UPDATE "files" f SET "kind" = 'payslip_signature', "owner_id" = p."id" FROM "payslips" p WHERE p."company_id" = f."company_id" AND p."signature_file_id" = f."id" AND f."kind" = 'upload';--> statement-breakpoint
UPDATE "files" f SET "kind" = 'onboarding_photo', "owner_id" = s."invite_id", "claim_key" = s."mobile_hash" FROM "onboarding_submissions" s WHERE s."company_id" = f."company_id" AND f."id" IN (s."id_front_file_id", s."id_back_file_id") AND f."kind" = 'upload';--> statement-breakpoint
UPDATE "files" SET "owner_id" = x."id" FROM "file_exports" x WHERE x."company_id" = "files"."company_id" AND x."file_id" = "files"."id" AND "files"."kind" = 'export';--> statement-breakpoint
UPDATE "companies" c SET "logo_url" = '/wfsaas-file/api/file/static/' || f."public_id" FROM "files" f WHERE f."company_id" = c."id" AND f."kind" = 'static' AND c."logo_url" = '/wfsaas-file/api/file/static/' || f."id";--> statement-breakpoint
CREATE UNIQUE INDEX "files_public_id_uq" ON "files" USING btree ("company_id","public_id");--> statement-breakpoint
CREATE INDEX "files_static_public_idx" ON "files" USING btree ("public_id") WHERE kind = 'static';--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_kind_ck" CHECK (kind in ('upload', 'static', 'export', 'employee', 'seal', 'contract', 'contract_template', 'employee_import', 'payslip_sheet', 'payslip_signature', 'onboarding_photo'));
