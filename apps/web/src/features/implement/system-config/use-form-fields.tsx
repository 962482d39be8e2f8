import { SYSTEM_FIELDS } from '@wfsaas/contracts';
import { cloneElement, isValidElement, useCallback, type ReactElement, type ReactNode } from 'react';
import { formFieldRule } from './field-settings.ts';
import { useVisibleFields } from './system-config.api.ts';

const KNOWN = new Set(SYSTEM_FIELDS.map((f) => f.key));

type ItemProps = { label?: ReactNode; rules?: unknown[] };

/**
 * Applies the company's field settings to a form section's items (Form.Item elements keyed by field
 * name): hidden fields left out, renamed ones relabelled, required ones marked and checked.
 */
export function useFormFieldSettings(): (items: ReactNode[]) => ReactNode[] {
  const fields = useVisibleFields().data;
  return useCallback(
    (items: ReactNode[]) =>
      items.flatMap((item) => {
        if (!isValidElement(item) || typeof item.key !== 'string') return [item];
        const rule = formFieldRule(item.key, fields, KNOWN);
        if (!rule) return [item];
        if (rule.hidden) return [];
        const el = item as ReactElement<ItemProps>;
        const label = rule.label ?? el.props.label;
        const rules = rule.required ? [{ required: true, message: `请填写${typeof label === 'string' ? label : ''}` }, ...(el.props.rules ?? [])] : el.props.rules;
        return [cloneElement(el, { label, rules })];
      }),
    [fields],
  );
}
