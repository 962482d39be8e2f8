ALTER TABLE "employee_name_tokens" ADD COLUMN "employee_created_at" timestamp with time zone;--> statement-breakpoint
DELETE FROM "employee_name_tokens" t USING "employees" e WHERE e."company_id" = t."company_id" AND e."id" = t."employee_id" AND e."archived_at" IS NOT NULL;--> statement-breakpoint
UPDATE "employee_name_tokens" t SET "employee_created_at" = e."created_at", "department_id" = e."department_id" FROM "employees" e WHERE e."company_id" = t."company_id" AND e."id" = t."employee_id";--> statement-breakpoint
DROP INDEX "employee_name_tokens_department_idx";--> statement-breakpoint
CREATE INDEX "employee_name_tokens_department_idx" ON "employee_name_tokens" USING btree ("company_id","token","department_id","employee_created_at","employee_id");--> statement-breakpoint
CREATE OR REPLACE FUNCTION employee_name_tokens_fill_department() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.employee_created_at IS NULL THEN
    SELECT coalesce(NEW.department_id, e.department_id), e.created_at INTO NEW.department_id, NEW.employee_created_at
    FROM employees e WHERE e.company_id = NEW.company_id AND e.id = NEW.employee_id;
  ELSIF NEW.department_id IS NULL THEN
    SELECT e.department_id INTO NEW.department_id FROM employees e WHERE e.company_id = NEW.company_id AND e.id = NEW.employee_id;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
DROP TRIGGER "employees_sync_token_department" ON "employees";--> statement-breakpoint
DROP FUNCTION employees_sync_token_department();--> statement-breakpoint
CREATE OR REPLACE FUNCTION employees_sync_name_tokens() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.archived_at IS NOT NULL THEN
    DELETE FROM employee_name_tokens WHERE company_id = NEW.company_id AND employee_id = NEW.id;
  ELSE
    UPDATE employee_name_tokens SET department_id = NEW.department_id, employee_created_at = NEW.created_at
    WHERE company_id = NEW.company_id AND employee_id = NEW.id
      AND (department_id IS DISTINCT FROM NEW.department_id OR employee_created_at IS DISTINCT FROM NEW.created_at);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER employees_sync_name_tokens AFTER UPDATE OF department_id, created_at, archived_at ON "employees" FOR EACH ROW
  WHEN (OLD.department_id IS DISTINCT FROM NEW.department_id OR OLD.created_at IS DISTINCT FROM NEW.created_at OR OLD.archived_at IS DISTINCT FROM NEW.archived_at)
  EXECUTE FUNCTION employees_sync_name_tokens();
