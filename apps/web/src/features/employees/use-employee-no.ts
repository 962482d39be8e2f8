import type { FormInstance } from 'antd';
import { useEffect } from 'react';
import { employeeNoField, type EmployeeNoField } from './employee-form.ts';
import { useEmployeeNoRule } from './employees.api.ts';

/**
 * The 工号 field of an add form under the numbering rule: an empty, untouched field is filled with
 * the next free number (again after the form is reset); the field's rules follow the rule.
 */
export function usePrefilledEmployeeNo(form: FormInstance, active: boolean, name = 'employeeNo'): EmployeeNoField {
  const rule = useEmployeeNoRule(active);
  const field = employeeNoField(active ? rule.data : null);
  // no dependency list: a reset of the form (which clears the value) is seen on the next render
  useEffect(() => {
    if (!active || !field.prefill || form.isFieldTouched(name) || form.getFieldValue(name)) return;
    form.setFieldValue(name, field.prefill);
  });
  return field;
}
