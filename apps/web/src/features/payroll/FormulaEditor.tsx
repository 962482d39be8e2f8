import { Alert, Flex, Input, Tag, Typography } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useRef } from 'react';
import { insertAt } from './payroll-format.ts';

/** The functions a formula may use, with the text inserted and a one-line hint. */
const FUNCTIONS: { name: string; insert: string; hint: string }[] = [
  { name: 'IF', insert: 'IF(, , )', hint: 'IF(条件, 成立时, 不成立时)' },
  { name: 'ROUND', insert: 'ROUND(, 2)', hint: 'ROUND(数值, 小数位数)，四舍五入' },
  { name: 'MAX', insert: 'MAX(, )', hint: 'MAX(数值1, 数值2, …)，取最大值' },
  { name: 'MIN', insert: 'MIN(, )', hint: 'MIN(数值1, 数值2, …)，取最小值' },
  { name: 'SUM', insert: 'SUM(, )', hint: 'SUM(数值1, 数值2, …)，求和' },
];

/**
 * A formula input: the salary items as chips that insert 【名称】 at the cursor, the functions as
 * chips that insert their skeleton, and the server's message for this item beneath.
 */
export function FormulaEditor({ value, onChange, itemNames, error }: { value?: string; onChange?: (v: string) => void; itemNames: string[]; error?: string | null }) {
  const ref = useRef<TextAreaRef>(null);
  const text = value ?? '';

  const insert = (snippet: string, caretBack = 0) => {
    const el = ref.current?.resizableTextArea?.textArea;
    const start = el?.selectionStart ?? text.length;
    const end = el?.selectionEnd ?? text.length;
    const next = insertAt(text, start, end, snippet);
    onChange?.(next.text);
    requestAnimationFrame(() => {
      if (!el) return;
      el.focus();
      const caret = next.caret - caretBack;
      el.setSelectionRange(caret, caret);
    });
  };

  return (
    <Flex vertical gap={8} className="formula-editor">
      <Input.TextArea
        ref={ref}
        value={text}
        onChange={(e) => onChange?.(e.target.value)}
        autoSize={{ minRows: 2, maxRows: 6 }}
        placeholder="例如：【基本工资】/【应出勤天数】*【实际出勤天数】"
        status={error ? 'error' : undefined}
        style={{ fontFamily: 'ui-monospace, Menlo, Consolas, monospace' }}
      />
      <div>
        <Typography.Text type="secondary" style={{ marginInlineEnd: 8 }}>
          函数
        </Typography.Text>
        {FUNCTIONS.map((f) => (
          <Tag key={f.name} color="geekblue" title={f.hint} style={{ cursor: 'pointer' }} onClick={() => insert(f.insert, f.insert.length - f.name.length - 1)}>
            {f.name}
          </Tag>
        ))}
      </div>
      <div>
        <Typography.Text type="secondary" style={{ marginInlineEnd: 8 }}>
          项目
        </Typography.Text>
        {itemNames.length === 0 && <Typography.Text type="secondary">暂无其他工资项目</Typography.Text>}
        {itemNames.map((n) => (
          <Tag key={n} style={{ cursor: 'pointer', marginBottom: 4 }} onClick={() => insert(`【${n}】`)} className="formula-chip">
            {n}
          </Tag>
        ))}
      </div>
      {error && <Alert type="error" showIcon message={error} className="formula-error" />}
    </Flex>
  );
}
