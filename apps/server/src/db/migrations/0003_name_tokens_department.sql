ALTER TABLE "employee_name_tokens" ADD COLUMN "department_id" bigint;--> statement-breakpoint
CREATE INDEX "employee_name_tokens_department_idx" ON "employee_name_tokens" USING btree ("company_id","token","department_id","employee_id");--> statement-breakpoint
UPDATE "employee_name_tokens" t SET "department_id" = e."department_id" FROM "employees" e WHERE e."company_id" = t."company_id" AND e."id" = t."employee_id";--> statement-breakpoint
CREATE OR REPLACE FUNCTION employee_name_tokens_fill_department() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.department_id IS NULL THEN
    SELECT e.department_id INTO NEW.department_id FROM employees e WHERE e.company_id = NEW.company_id AND e.id = NEW.employee_id;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER employee_name_tokens_fill_department BEFORE INSERT ON "employee_name_tokens" FOR EACH ROW EXECUTE FUNCTION employee_name_tokens_fill_department();--> statement-breakpoint
CREATE OR REPLACE FUNCTION employees_sync_token_department() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE employee_name_tokens SET department_id = NEW.department_id
  WHERE company_id = NEW.company_id AND employee_id = NEW.id AND department_id IS DISTINCT FROM NEW.department_id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER employees_sync_token_department AFTER UPDATE OF department_id ON "employees" FOR EACH ROW WHEN (OLD.department_id IS DISTINCT FROM NEW.department_id) EXECUTE FUNCTION employees_sync_token_department();
