import type { EmployeeListItem, Widget } from '@wfsaas/contracts';
import { DatePicker, Form, Input, InputNumber, Select, Space, Spin, Switch, TreeSelect } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useRef, useState } from 'react';
import { api } from '../../app/api/instance.ts';
import { ruleFrom } from '../../app/ui/validators.ts';
import { toTreeSelectData } from '../org/org-tree.ts';
import { customFieldError } from './employee-form.ts';
import { EMPLOYEE_API, useDepartmentOptions, usePositionOptions } from './employees.api.ts';
import { positionFits, positionOptions } from './positions.ts';
import { customFilterKind, type CustomFilterValue } from './roster.ts';

/** A department of the company, chosen in its tree (disabled departments cannot be chosen). */
export function DepartmentTreeSelect({ value, onChange, id, placeholder = '请选择部门', allowClear = true }: { value?: number | null; onChange?: (v: number | null) => void; id?: string; placeholder?: string; allowClear?: boolean }) {
  const options = useDepartmentOptions();
  const treeData = useMemo(() => toTreeSelectData(options.data ?? []), [options.data]);
  return (
    <TreeSelect
      id={id}
      value={value ?? undefined}
      onChange={(v: number | undefined) => onChange?.(v ?? null)}
      treeData={treeData}
      showSearch={{ treeNodeFilterProp: 'title' }}
      treeDefaultExpandAll
      allowClear={allowClear}
      placeholder={placeholder}
      loading={options.isLoading}
      popupMatchSelectWidth={false}
      className="department-select"
    />
  );
}

/**
 * A position for the chosen department: company-wide ones and the department's own. A chosen
 * position of another department is cleared when the department changes.
 */
export function PositionSelect({ departmentId, value, onChange, id, placeholder = '请选择岗位' }: { departmentId: number | null | undefined; value?: number | null; onChange?: (v: number | null) => void; id?: string; placeholder?: string }) {
  const positions = usePositionOptions();
  const all = positions.data;
  // cleared only when HR changes the department, never for the values a form starts with
  const previous = useRef(departmentId);
  useEffect(() => {
    if (!all) return;
    const from = previous.current;
    previous.current = departmentId;
    if (from === undefined || from === null || from === departmentId) return;
    if (!positionFits(all, value, departmentId)) onChange?.(null);
  }, [all, value, departmentId, onChange]);
  return (
    <Select
      id={id}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={placeholder}
      value={value ?? undefined}
      onChange={(v: number | undefined) => onChange?.(v ?? null)}
      options={positionOptions(all ?? [], departmentId, value)}
      loading={positions.isLoading}
      notFoundContent={departmentId ? '该部门暂无岗位' : '请先选择部门'}
      className="position-select"
    />
  );
}

/** A date held as YYYY-MM-DD text in a form, edited with a DatePicker. */
export function DateText({ value, onChange, id, placeholder, disabled }: { value?: string | null; onChange?: (v: string | null) => void; id?: string; placeholder?: string; disabled?: boolean }) {
  const d = value ? dayjs(value) : null;
  return (
    <DatePicker
      id={id}
      value={d && d.isValid() ? d : null}
      onChange={(v: Dayjs | null) => onChange?.(v ? v.format('YYYY-MM-DD') : null)}
      placeholder={placeholder ?? '请选择日期'}
      disabled={disabled}
      style={{ width: '100%' }}
    />
  );
}

/** A custom field's form item under `name`, checked as the server checks it. */
export function CustomWidgetItem({ widget: w, name }: { widget: Widget; name: (string | number)[] }) {
  return (
    <Form.Item name={name} label={w.label} required={w.options.required} rules={[ruleFrom((v: unknown) => customFieldError(w, v))]}>
      <CustomWidgetInput widget={w} />
    </Form.Item>
  );
}

/** One custom field's input by widget type (files and images are uploaded in the employee file). */
export function CustomWidgetInput({ widget: w, value, onChange, id }: { widget: Widget; value?: unknown; onChange?: (v: unknown) => void; id?: string }) {
  const placeholder = w.options.placeholder;
  const options = (w.options.options ?? []).map((o) => ({ value: o.value, label: o.label }));
  switch (w.type) {
    case 'textarea':
      return <Input.TextArea id={id} value={(value as string) ?? ''} onChange={(e) => onChange?.(e.target.value)} maxLength={w.options.maxLength ?? 2000} autoSize={{ minRows: 2, maxRows: 6 }} placeholder={placeholder ?? `请输入${w.label}`} />;
    case 'number':
      return (
        <InputNumber
          id={id}
          value={(value as number | null) ?? null}
          onChange={(v) => onChange?.(v)}
          min={w.options.min}
          max={w.options.max}
          precision={w.options.precision}
          style={{ width: '100%' }}
          placeholder={placeholder ?? `请输入${w.label}`}
        />
      );
    case 'date':
      return <DateText id={id} value={(value as string | null) ?? null} onChange={onChange} placeholder={placeholder} />;
    case 'select':
    case 'radio':
      return <Select id={id} value={value ?? undefined} onChange={(v) => onChange?.(v ?? null)} options={options} allowClear placeholder={placeholder ?? `请选择${w.label}`} />;
    case 'multiSelect':
    case 'checkbox':
      return <Select id={id} mode="multiple" value={(value as unknown[]) ?? []} onChange={(v) => onChange?.(v)} options={options} allowClear placeholder={placeholder ?? `请选择${w.label}`} />;
    case 'switch':
      return <Switch id={id} checked={value === true} onChange={(v) => onChange?.(v)} checkedChildren="是" unCheckedChildren="否" />;
    case 'image':
    case 'file':
      return <span style={{ color: 'rgba(0,0,0,0.45)' }}>请在员工档案的「附件」中上传</span>;
    case 'money':
      return <InputNumber id={id} value={value === undefined || value === null || value === '' ? null : Number(value)} onChange={(v) => onChange?.(v === null ? null : Number(v).toFixed(2))} min={w.options.min} max={w.options.max} precision={2} prefix="¥" style={{ width: '100%' }} placeholder={placeholder ?? `请输入${w.label}`} />;
    case 'dateRange': {
      const pair = Array.isArray(value) ? (value as string[]) : ['', ''];
      const set = (i: 0 | 1, v: string | null) => onChange?.(i === 0 ? [v ?? '', pair[1] ?? ''] : [pair[0] ?? '', v ?? '']);
      return (
        <Space.Compact style={{ width: '100%' }}>
          <DateText id={id} value={pair[0] || null} onChange={(v) => set(0, v)} placeholder="开始日期" />
          <DateText value={pair[1] || null} onChange={(v) => set(1, v)} placeholder="结束日期" />
        </Space.Compact>
      );
    }
    case 'employee':
      return <EmployeePicker id={id} value={(value as number | null) ?? null} onChange={(v) => onChange?.(v)} />;
    case 'department':
      return <DepartmentTreeSelect id={id} value={(value as number | null) ?? null} onChange={(v) => onChange?.(v)} />;
    case 'section':
      return null;
    default:
      return <Input id={id} value={(value as string) ?? ''} onChange={(e) => onChange?.(e.target.value)} maxLength={w.options.maxLength ?? 200} placeholder={placeholder ?? `请输入${w.label}`} />;
  }
}

/** One custom field as a roster filter: text contains, a range for numbers and dates, a choice, yes/no. */
export function CustomFilterInput({ widget: w, value, onChange, id }: { widget: Widget; value?: CustomFilterValue; onChange?: (v: CustomFilterValue) => void; id?: string }) {
  const kind = customFilterKind(w);
  if (kind === 'range') {
    const pair: [string, string] = Array.isArray(value) ? value : ['', ''];
    const set = (i: 0 | 1, v: string) => {
      const next: [string, string] = [...pair];
      next[i] = v;
      onChange?.(next[0] || next[1] ? next : undefined);
    };
    if (w.type === 'date')
      return (
        <Space.Compact style={{ width: '100%' }}>
          <DateText id={id} value={pair[0] || null} onChange={(v) => set(0, v ?? '')} placeholder="开始" />
          <DateText value={pair[1] || null} onChange={(v) => set(1, v ?? '')} placeholder="结束" />
        </Space.Compact>
      );
    return (
      <Space.Compact style={{ width: '100%' }}>
        <InputNumber id={id} value={pair[0] === '' ? null : Number(pair[0])} onChange={(v) => set(0, v === null ? '' : String(v))} placeholder="最小" style={{ width: '50%' }} />
        <InputNumber value={pair[1] === '' ? null : Number(pair[1])} onChange={(v) => set(1, v === null ? '' : String(v))} placeholder="最大" style={{ width: '50%' }} />
      </Space.Compact>
    );
  }
  if (kind === 'choice')
    return <Select id={id} value={value ?? undefined} onChange={(v) => onChange?.(v ?? undefined)} options={(w.options.options ?? []).map((o) => ({ value: o.value, label: o.label }))} allowClear placeholder="全部" />;
  if (kind === 'switch')
    return (
      <Select
        id={id}
        value={value === undefined || value === null ? undefined : value ? 1 : 0}
        onChange={(v: number | undefined) => onChange?.(v === undefined ? undefined : v === 1)}
        options={[
          { value: 1, label: '是' },
          { value: 0, label: '否' },
        ]}
        allowClear
        placeholder="全部"
      />
    );
  return <Input id={id} value={(value as string) ?? ''} onChange={(e) => onChange?.(e.target.value)} placeholder={`包含的${w.label}`} allowClear />;
}

type PickedEmployee = { value: number; label: string };

export type EmployeePickerQuery = { status: number[]; excludeResigning?: boolean };
const DEFAULT_PICKER_QUERY: EmployeePickerQuery = { status: [0, 1, 2, 3] };
/** Who can be resigned: on the job (试用期, 正式) and not already resigning. */
export const RESIGNABLE_QUERY: EmployeePickerQuery = { status: [1, 2], excludeResigning: true };

/** Chooses employees of the roster by name, number or mobile (searched on the server). */
export function EmployeePicker({
  value,
  onChange,
  mode,
  id,
  placeholder = '输入姓名、工号或手机号搜索',
  query = DEFAULT_PICKER_QUERY,
}: {
  value?: number | number[] | null;
  onChange?: (v: number | number[] | null, picked: EmployeeListItem[]) => void;
  mode?: 'multiple';
  id?: string;
  placeholder?: string;
  /** The roster filter of the choices (default: everyone on the roster, pending hires to 待离职). */
  query?: EmployeePickerQuery;
}) {
  const [options, setOptions] = useState<PickedEmployee[]>([]);
  const [loading, setLoading] = useState(false);
  const found = useRef(new Map<number, EmployeeListItem>());
  const seq = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const search = (keyword: string) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(async () => {
      const mine = ++seq.current;
      setLoading(true);
      try {
        const r = await api.postList<EmployeeListItem>(EMPLOYEE_API.pageList, { pageNum: 1, pageSize: 20, ...query, ...(keyword.trim() ? { keyword: keyword.trim() } : {}) }, { silent: true });
        if (mine !== seq.current) return;
        for (const e of r.data ?? []) found.current.set(e.id, e);
        setOptions((r.data ?? []).map((e) => ({ value: e.id, label: [e.name, e.employeeNo, e.departmentName].filter(Boolean).join(' · ') })));
      } finally {
        if (mine === seq.current) setLoading(false);
      }
    }, 300);
  };

  return (
    <Select
      id={id}
      mode={mode}
      showSearch={{ filterOption: false, onSearch: search }}
      allowClear
      value={value ?? undefined}
      placeholder={placeholder}
      options={options}
      labelInValue={false}
      notFoundContent={loading ? <Spin size="small" /> : '没有匹配的员工'}
      onOpenChange={(open) => {
        if (open && options.length === 0) search('');
      }}
      onChange={(v: number | number[] | undefined) => {
        const ids = v === undefined ? [] : Array.isArray(v) ? v : [v];
        onChange?.(v ?? null, ids.map((i) => found.current.get(i)).filter((e): e is EmployeeListItem => !!e));
      }}
      className="employee-picker"
    />
  );
}
