import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { DATE_WIDGETS, PATTERN_WIDGETS, RANGE_WIDGETS, SYSTEM_FORM_DICTIONARIES, type Widget } from '@wfsaas/contracts';
import { Button, Flex, Form, Input, InputNumber, Radio, Select, Switch } from 'antd';
import { DateText } from '../../employees/pickers.tsx';
import { CHOICE_TYPES } from './designer.ts';

/** The selected widget's options: label, required, placeholder, default, limits, pattern, options or dictionary, employee visibility, columns. */
export function PropertyPanel({ widget: w, onChange, disabled }: { widget: Widget; onChange: (w: Widget) => void; disabled: boolean }) {
  const o = w.options;
  const set = (patch: Partial<Widget['options']>) => {
    const options = { ...o, ...patch };
    for (const k of Object.keys(patch) as (keyof Widget['options'])[]) if (options[k] === undefined || options[k] === null || options[k] === '') delete options[k];
    onChange({ ...w, options });
  };
  const isChoice = CHOICE_TYPES.includes(w.type);
  const isSection = w.type === 'section';
  const source = o.dictionaryCode ? 'dictionary' : 'manual';
  const list = o.options ?? [];
  // an option keeps its value when renamed: filled forms store the value
  const setOption = (i: number, label: string) => set({ options: list.map((x, j) => (j === i ? { label, value: x.value } : x)) });
  return (
    <Form layout="vertical" disabled={disabled} className="widget-properties" size="small">
      <Form.Item label="字段名称" required>
        <Input value={w.label} maxLength={50} onChange={(e) => onChange({ ...w, label: e.target.value })} className="prop-label" />
      </Form.Item>
      {!isSection && (
        <>
          <Form.Item label="必填">
            <Switch checked={o.required === true} onChange={(v) => set({ required: v || undefined })} className="prop-required" />
          </Form.Item>
          <Form.Item label="员工自助填写" tooltip="勾选后，员工在自助入职页面填写此字段">
            <Switch checked={o.visibleToEmployee === true} onChange={(v) => set({ visibleToEmployee: v || undefined })} className="prop-visible" />
          </Form.Item>
          <Form.Item label="提示文字">
            <Input value={o.placeholder ?? ''} maxLength={100} onChange={(e) => set({ placeholder: e.target.value })} />
          </Form.Item>
          <Form.Item label="占列">
            <Select
              value={w.cols ?? 0}
              onChange={(v) => onChange(v ? { ...w, cols: v } : (({ cols: _c, ...rest }) => rest)(w))}
              options={[{ value: 0, label: '跟随表单' }, ...[1, 2, 3, 4].map((c) => ({ value: c, label: `按每行${c}列` }))]}
            />
          </Form.Item>
        </>
      )}
      {(w.type === 'input' || w.type === 'textarea') && (
        <Form.Item label="默认值">
          <Input value={typeof o.defaultValue === 'string' ? o.defaultValue : ''} onChange={(e) => set({ defaultValue: e.target.value })} />
        </Form.Item>
      )}
      {RANGE_WIDGETS.includes(w.type) && (
        <>
          <Form.Item label="默认值">
            <InputNumber value={typeof o.defaultValue === 'number' ? o.defaultValue : o.defaultValue ? Number(o.defaultValue) : null} onChange={(v) => set({ defaultValue: v ?? undefined })} style={{ width: '100%' }} />
          </Form.Item>
          <Flex gap={8}>
            <Form.Item label="最小值" style={{ flex: 1 }}>
              <InputNumber value={o.min ?? null} onChange={(v) => set({ min: v ?? undefined })} style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item label="最大值" style={{ flex: 1 }}>
              <InputNumber value={o.max ?? null} onChange={(v) => set({ max: v ?? undefined })} style={{ width: '100%' }} />
            </Form.Item>
          </Flex>
        </>
      )}
      {DATE_WIDGETS.includes(w.type) && (
        <Flex gap={8}>
          <Form.Item label="最早日期" style={{ flex: 1 }}>
            <DateText value={o.minDate ?? null} onChange={(v) => set({ minDate: v ?? undefined })} />
          </Form.Item>
          <Form.Item label="最晚日期" style={{ flex: 1 }}>
            <DateText value={o.maxDate ?? null} onChange={(v) => set({ maxDate: v ?? undefined })} />
          </Form.Item>
        </Flex>
      )}
      {PATTERN_WIDGETS.includes(w.type) && (
        <>
          <Form.Item label="正则表达式" tooltip="填写的内容须完整匹配，如 [A-Z]{2}\d{4}">
            <Input value={o.pattern ?? ''} maxLength={200} onChange={(e) => set({ pattern: e.target.value })} placeholder="选填" />
          </Form.Item>
          <Form.Item label="格式提示">
            <Input value={o.patternMessage ?? ''} maxLength={50} onChange={(e) => set({ patternMessage: e.target.value })} placeholder="如：应为两个大写字母加四位数字" />
          </Form.Item>
        </>
      )}
      {isChoice && (
        <>
          <Form.Item label="选项来源">
            <Radio.Group
              value={source}
              onChange={(e) => (e.target.value === 'dictionary' ? set({ dictionaryCode: 'education', options: undefined }) : set({ dictionaryCode: undefined, options: [{ label: '选项1', value: '选项1' }] }))}
              options={[
                { value: 'manual', label: '手动填写' },
                { value: 'dictionary', label: '数据字典' },
              ]}
            />
          </Form.Item>
          {source === 'dictionary' ? (
            <Form.Item label="数据字典">
              <Select value={o.dictionaryCode} onChange={(v) => set({ dictionaryCode: v })} options={Object.entries(SYSTEM_FORM_DICTIONARIES).map(([code, d]) => ({ value: code, label: d.name }))} />
            </Form.Item>
          ) : (
            <Form.Item label="选项">
              <Flex vertical gap={6} className="prop-options">
                {list.map((x, i) => (
                  <Flex gap={4} key={i}>
                    <Input value={x.label} maxLength={50} onChange={(e) => setOption(i, e.target.value)} className="prop-option" />
                    <Button icon={<DeleteOutlined />} aria-label="删除选项" disabled={list.length <= 1} onClick={() => set({ options: list.filter((_, j) => j !== i) })} />
                  </Flex>
                ))}
                <Button icon={<PlusOutlined />} onClick={() => set({ options: [...list, nextOption(list)] })} className="prop-add-option">
                  添加选项
                </Button>
              </Flex>
            </Form.Item>
          )}
        </>
      )}
    </Form>
  );
}

function nextOption(list: readonly { label: string; value: string | number }[]) {
  let n = list.length + 1;
  while (list.some((x) => x.label === `选项${n}` || x.value === `选项${n}`)) n++;
  return { label: `选项${n}`, value: `选项${n}` };
}
