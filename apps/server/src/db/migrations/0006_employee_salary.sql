ALTER TABLE "employees" ADD COLUMN "salary" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "employee_changes" ADD COLUMN "reason" smallint;