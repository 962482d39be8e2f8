import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';

/** A month held as YYYY-MM text in a form, edited with a month picker. */
export function MonthText({ value, onChange, id, placeholder, allowClear = true }: { value?: string | null; onChange?: (v: string | null) => void; id?: string; placeholder?: string; allowClear?: boolean }) {
  const d = value ? dayjs(`${value}-01`) : null;
  return (
    <DatePicker
      id={id}
      picker="month"
      format="YYYY-MM"
      allowClear={allowClear}
      value={d && d.isValid() ? d : null}
      onChange={(v: Dayjs | null) => onChange?.(v ? v.format('YYYY-MM') : null)}
      placeholder={placeholder ?? '请选择月份'}
      style={{ width: '100%' }}
    />
  );
}
