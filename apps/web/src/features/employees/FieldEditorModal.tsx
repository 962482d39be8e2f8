import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { WidgetType } from '@wfsaas/contracts';
import { Button, Checkbox, Flex, Form, Input, InputNumber, Select, Tooltip } from 'antd';
import { useMemo } from 'react';
import { FormModal } from '../../app/ui/FormOverlay.tsx';
import {
  canBeRequired,
  compatibleTypes,
  hasMaxLength,
  hasPlaceholder,
  isOptionType,
  labelError,
  LABEL_MAX,
  MAX_LENGTH_LIMIT,
  MAX_OPTIONS,
  maxLengthError,
  numberError,
  OPTION_MAX,
  optionsError,
  PLACEHOLDER_MAX,
  PRECISION_MAX,
  WIDGET_TYPE_CHOICES,
  type FieldDraft,
  type OptionDraft,
} from './custom-fields.ts';

type EditorValues = {
  label: string;
  type: WidgetType;
  required?: boolean;
  placeholder?: string;
  options?: OptionDraft[];
  min?: number | null;
  max?: number | null;
  precision?: number | null;
  maxLength?: number | null;
};

export type EditorTarget = { draft: FieldDraft; isNew: boolean };

const reject = (m: string | null) => (m ? Promise.reject(new Error(m)) : Promise.resolve());

/** The modal that adds or edits one field: name, type, required, options, number and text limits. */
export function FieldEditor({
  target,
  otherLabels,
  onCancel,
  onDone,
  requiredLabel,
  excludedTypes = [],
}: {
  target: EditorTarget;
  otherLabels: string[];
  onCancel: () => void;
  onDone: (d: FieldDraft) => void;
  requiredLabel: string;
  excludedTypes?: readonly WidgetType[];
}) {
  const [form] = Form.useForm<EditorValues>();
  const d = target.draft;
  const type = Form.useWatch('type', form) ?? d.type;
  const min = Form.useWatch('min', form);
  const typeChoices = useMemo(() => {
    const allowed = compatibleTypes(d.type, d.saved);
    return WIDGET_TYPE_CHOICES.filter((c) => allowed.includes(c.value) && !excludedTypes.includes(c.value));
  }, [d.type, d.saved, excludedTypes]);
  const initialValues: EditorValues = {
    label: d.label,
    type: d.type,
    required: d.required,
    placeholder: d.placeholder,
    // one empty row to type into when the field becomes a choice (ignored for other types)
    options: d.options.length ? d.options : [{ label: '' }],
    min: d.min,
    max: d.max,
    precision: d.precision,
    maxLength: d.maxLength,
  };

  const finish = (v: EditorValues) => {
    const t = v.type;
    onDone({
      ...d,
      label: v.label.trim(),
      type: t,
      required: canBeRequired(t) && v.required === true,
      placeholder: hasPlaceholder(t) ? (v.placeholder ?? '').trim() : '',
      options: isOptionType(t) ? (v.options ?? []).map((o) => ({ label: (o.label ?? '').trim(), ...(o.value !== undefined ? { value: o.value } : {}) })) : d.options,
      min: t === 'number' ? (v.min ?? null) : d.min,
      max: t === 'number' ? (v.max ?? null) : d.max,
      precision: t === 'number' ? (v.precision ?? null) : d.precision,
      maxLength: hasMaxLength(t) ? (v.maxLength ?? null) : d.maxLength,
    });
  };

  const optionWord = type === 'select' || type === 'multiSelect' ? '下拉选项' : '选项';

  return (
    <FormModal<EditorValues>
      open
      title={target.isNew ? '添加字段' : `编辑字段：${d.label}`}
      width={560}
      onClose={onCancel}
      onSubmit={finish}
      form={form}
      values={initialValues}
      className="custom-field-editor"
      formProps={{
        name: 'customField',
        requiredMark: true,
        // the list's rule runs on add/remove only: run it again as an option is typed, once it has shown an error
        onValuesChange: (changed: Partial<EditorValues>) => {
          if (changed.options !== undefined && form.getFieldError(['options']).length > 0) void form.validateFields([['options']]).catch(() => undefined);
        },
        style: { marginTop: 16 },
      }}
    >
      <Form.Item name="label" label="字段名称" required rules={[{ validator: (_, v: string | undefined) => reject(labelError(v ?? '', otherLabels)) }]}>
        <Input placeholder="如：工装尺码" maxLength={LABEL_MAX} showCount allowClear />
      </Form.Item>
      <Form.Item
        name="type"
        label="字段类型"
        required
        extra={d.saved && typeChoices.length < WIDGET_TYPE_CHOICES.length ? '已保存的字段只能在同类控件间切换类型，以免员工已填写的内容失效' : undefined}
      >
        <Select options={typeChoices} disabled={typeChoices.length === 1} />
      </Form.Item>
      {isOptionType(type) && (
        <Form.List
          name="options"
          rules={[{ validator: (_, v: OptionDraft[] | undefined) => reject(optionsError(type, (v ?? []).map((o) => ({ label: o?.label ?? '' })))) }]}
        >
          {(rows, { add, remove, move }, { errors }) => (
            <Form.Item label={optionWord} required className="option-list">
              <Flex vertical gap={8}>
                {rows.map((row, i) => (
                  <Flex key={row.key} gap={8} align="center" className="option-row">
                    <Form.Item name={[row.name, 'label']} noStyle>
                      <Input placeholder={`${optionWord}${i + 1}`} maxLength={OPTION_MAX} />
                    </Form.Item>
                    <Tooltip title="上移">
                      <Button type="text" size="small" icon={<ArrowUpOutlined />} disabled={i === 0} onClick={() => move(i, i - 1)} aria-label="上移" />
                    </Tooltip>
                    <Tooltip title="下移">
                      <Button type="text" size="small" icon={<ArrowDownOutlined />} disabled={i === rows.length - 1} onClick={() => move(i, i + 1)} aria-label="下移" />
                    </Tooltip>
                    <Tooltip title="删除选项">
                      <Button type="text" size="small" danger icon={<DeleteOutlined />} onClick={() => remove(row.name)} aria-label="删除选项" />
                    </Tooltip>
                  </Flex>
                ))}
                <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ label: '' })} disabled={rows.length >= MAX_OPTIONS} className="add-option">
                  添加{optionWord}
                </Button>
                <Form.ErrorList errors={errors} />
              </Flex>
            </Form.Item>
          )}
        </Form.List>
      )}
      {type === 'number' && (
        <Flex gap={12}>
          <Form.Item name="min" label="最小值" style={{ flex: 1 }}>
            <InputNumber style={{ width: '100%' }} placeholder="不限" />
          </Form.Item>
          <Form.Item
            name="max"
            label="最大值"
            style={{ flex: 1 }}
            dependencies={['min']}
            rules={[{ validator: (_, v: number | null | undefined) => reject(numberError({ type: 'number', min: min ?? null, max: v ?? null, precision: null })) }]}
          >
            <InputNumber style={{ width: '100%' }} placeholder="不限" />
          </Form.Item>
          <Form.Item name="precision" label="小数位数" style={{ flex: 1 }}>
            <InputNumber style={{ width: '100%' }} min={0} max={PRECISION_MAX} precision={0} placeholder="不限" />
          </Form.Item>
        </Flex>
      )}
      {hasMaxLength(type) && (
        <Form.Item
          name="maxLength"
          label="最大长度"
          extra={`不填时${type === 'textarea' ? '最多2000' : '最多200'}个字符`}
          rules={[{ validator: (_, v: number | null | undefined) => reject(maxLengthError({ type, maxLength: v ?? null })) }]}
        >
          <InputNumber style={{ width: '100%' }} min={1} max={MAX_LENGTH_LIMIT} precision={0} placeholder="不限" />
        </Form.Item>
      )}
      {hasPlaceholder(type) && (
        <Form.Item name="placeholder" label="提示文字">
          <Input placeholder="显示在输入框中的提示（选填）" maxLength={PLACEHOLDER_MAX} allowClear />
        </Form.Item>
      )}
      <Form.Item
        name="required"
        valuePropName="checked"
        style={{ marginBottom: 8 }}
        extra={canBeRequired(type) ? undefined : type === 'switch' ? '开关类字段不设必填（未打开即为“否”）' : '图片和附件在员工档案中上传，不设必填'}
      >
        <Checkbox disabled={!canBeRequired(type)}>{requiredLabel}</Checkbox>
      </Form.Item>
      <div style={{ color: 'rgba(0,0,0,0.45)', fontSize: 12 }} className="field-key">
        字段标识：{d.key}（自动生成，修改名称后保持不变，员工已填写的内容不受影响）
      </div>
    </FormModal>
  );
}
