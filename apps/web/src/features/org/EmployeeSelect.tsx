import type { OrgEmployeeOption } from '@wfsaas/contracts';
import { Select, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { orgCalls } from './org.api.ts';

type Props = {
  /** the look-up endpoint (department leaders or cost-centre owners) */
  url: string;
  value?: number | null;
  onChange?: (value: number | null) => void;
  /** the name of the current value, shown before any search */
  initialLabel?: string | null;
  placeholder?: string;
  id?: string;
};

function label(e: OrgEmployeeOption): string {
  return [e.name, e.employeeNo, e.departmentName].filter(Boolean).join(' · ');
}

/** Chooses an active employee by name or employee number (searched on the server). */
export function EmployeeSelect({ url, value, onChange, initialLabel, placeholder = '输入姓名或工号搜索', id }: Props) {
  const [options, setOptions] = useState<{ value: number; label: string }[]>(() => (value && initialLabel ? [{ value, label: initialLabel }] : []));
  const [loading, setLoading] = useState(false);
  const seq = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const search = (keyword: string) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(async () => {
      const mine = ++seq.current;
      setLoading(true);
      try {
        const list = await orgCalls.employees(url, keyword.trim());
        if (mine !== seq.current) return;
        const next = list.map((e) => ({ value: e.id, label: label(e) }));
        if (value && !next.some((o) => o.value === value) && initialLabel) next.unshift({ value, label: initialLabel });
        setOptions(next);
      } catch {
        /* the request client has shown the error */
      } finally {
        if (mine === seq.current) setLoading(false);
      }
    }, 300);
  };

  useEffect(() => () => clearTimeout(timer.current), []);

  return (
    <Select
      id={id}
      showSearch={{ filterOption: false, onSearch: search }}
      allowClear
      value={value ?? undefined}
      placeholder={placeholder}
      options={options}
      notFoundContent={loading ? <Spin size="small" /> : '没有匹配的在职员工'}
      onOpenChange={(open) => {
        if (open && options.length <= 1) search('');
      }}
      onChange={(v: number | undefined) => onChange?.(v ?? null)}
    />
  );
}
