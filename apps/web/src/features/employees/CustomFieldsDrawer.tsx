import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { WIDGET_TYPE_LABELS, type WidgetType } from '@wfsaas/contracts';
import { Alert, App, Button, Checkbox, Drawer, Empty, Flex, Form, Input, InputNumber, Modal, Segmented, Select, Space, Spin, Table, Tag, Tooltip, type TableColumnsType } from 'antd';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { confirmDelete } from '../../app/ui/confirm-delete.ts';
import { closeWithGuard } from '../../app/ui/confirm-discard.ts';
import { toastSuccess } from '../../app/ui/feedback.ts';
import {
  canBeRequired,
  compatibleTypes,
  definitionErrors,
  draftsOf,
  FORM_COL_CHOICES,
  hasMaxLength,
  hasPlaceholder,
  isChanged,
  isOptionType,
  labelError,
  LABEL_MAX,
  MAX_LENGTH_LIMIT,
  MAX_OPTIONS,
  maxLengthError,
  moveItem,
  newDraft,
  numberError,
  OPTION_MAX,
  optionsError,
  optionSummary,
  PLACEHOLDER_MAX,
  PRECISION_MAX,
  toSaveBody,
  WIDGET_TYPE_CHOICES,
  type CustomFormSaveBody,
  type FieldDraft,
  type OptionDraft,
  type StoredForm,
} from './custom-fields.ts';
import { useEmployeeForm, useSaveEmployeeForm } from './employees.api.ts';

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

type EditorTarget = { draft: FieldDraft; isNew: boolean };

const reject = (m: string | null) => (m ? Promise.reject(new Error(m)) : Promise.resolve());

/**
 * Where the fields come from and go to, and the words that depend on it: the employee record's
 * custom fields, or another form such as a change type's (异动表单).
 */
export type FieldsSource = {
  stored: { data: StoredForm | null | undefined; isLoading: boolean };
  save: (body: CustomFormSaveBody) => Promise<unknown>;
  title: string;
  hint: ReactNode;
  requiredLabel: string;
  deleteHint: (label: string) => string;
  /** Widget types this form does not offer. */
  excludedTypes?: readonly WidgetType[];
};

/** The modal that adds or edits one field: name, type, required, options, number and text limits. */
function FieldEditor({
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
  const { modal } = App.useApp();
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
    <Modal
      open
      title={target.isNew ? '添加字段' : `编辑字段：${d.label}`}
      okText="确定"
      cancelText="取消"
      width={560}
      onOk={() => form.submit()}
      onCancel={() => closeWithGuard(modal, form.isFieldsTouched(), onCancel)}
      mask={{ closable: false }}
      destroyOnHidden
      className="custom-field-editor"
    >
      <Form<EditorValues>
        form={form}
        name="customField"
        layout="vertical"
        requiredMark
        initialValues={initialValues}
        onFinish={finish}
        // the list's rule runs on add/remove only: run it again as an option is typed, once it has shown an error
        onValuesChange={(changed: Partial<EditorValues>) => {
          if (changed.options !== undefined && form.getFieldError(['options']).length > 0) void form.validateFields([['options']]).catch(() => undefined);
        }}
        style={{ marginTop: 16 }}
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
      </Form>
    </Modal>
  );
}

/**
 * 字段设置: the company's custom employee fields (customForm, scene employee) — list, add, edit,
 * reorder, remove, and the grid columns of the form. Saving replaces the definition; the add form,
 * the employee file and the roster filters show the new fields at once.
 */
export function CustomFieldsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const stored = useEmployeeForm();
  const save = useSaveEmployeeForm();
  return (
    <FormFieldsDrawer
      open={open}
      onClose={onClose}
      source={{
        stored,
        save,
        title: '字段设置',
        hint: '自定义字段显示在新增员工、员工档案、花名册筛选、导入模板和导出中；修改保存后立即生效。',
        requiredLabel: '必填（新增和编辑员工时必须填写）',
        deleteHint: (label) => `删除后，「${label}」不再出现在新增员工、员工档案、花名册筛选、导入和导出中。员工已填写的内容仍保留在档案里，但不再显示。保存后生效。`,
      }}
    />
  );
}

/** The field editor of a form definition (SPEC §3): list, add, edit, reorder, remove fields, and the grid columns. */
export function FormFieldsDrawer({ open, onClose, source }: { open: boolean; onClose: () => void; source: FieldsSource }) {
  const { modal, message } = App.useApp();
  const stored = source.stored;
  const saveForm = source.save;
  const [fields, setFields] = useState<FieldDraft[]>([]);
  const [cols, setCols] = useState(2);
  const [errors, setErrors] = useState<string[]>([]);
  const [editing, setEditing] = useState<EditorTarget | null>(null);
  const [saving, setSaving] = useState(false);
  const loadedFor = useRef(false);
  const storedAnswer = stored.data;

  // the drafts start from the stored form each time the drawer opens (a refetch while open does not reset them)
  useEffect(() => {
    if (!open) {
      loadedFor.current = false;
      return;
    }
    if (loadedFor.current || stored.isLoading) return;
    loadedFor.current = true;
    const initial = draftsOf(storedAnswer);
    setFields(initial.fields);
    setCols(initial.cols);
    setErrors([]);
    setEditing(null);
  }, [open, stored.isLoading, storedAnswer]);

  const storedKeys = useMemo(() => (storedAnswer?.widgetList ?? []).map((w) => w.key), [storedAnswer]);
  const storedIds = useMemo(() => (storedAnswer?.widgetList ?? []).map((w) => w.id), [storedAnswer]);
  const dirty = open && loadedFor.current && isChanged(fields, cols, storedAnswer);
  const colChoices = FORM_COL_CHOICES.includes(cols) ? FORM_COL_CHOICES : [...FORM_COL_CHOICES, cols].sort((a, b) => a - b);

  const change = (next: FieldDraft[]) => {
    setFields(next);
    if (errors.length) setErrors(definitionErrors(next, cols));
  };

  const addField = () =>
    setEditing({
      draft: newDraft([...fields.map((f) => f.key), ...storedKeys], [...fields.map((f) => f.id), ...storedIds]),
      isNew: true,
    });

  const removeField = (d: FieldDraft) => {
    const drop = () => change(fields.filter((f) => f.id !== d.id));
    if (!d.saved) {
      drop();
      return;
    }
    confirmDelete(modal, drop, source.deleteHint(d.label));
  };

  const save = async () => {
    const errs = definitionErrors(fields, cols);
    setErrors(errs);
    if (errs.length) {
      message.error({ content: errs[0], key: 'custom-fields-invalid' });
      return;
    }
    setSaving(true);
    try {
      await saveForm(toSaveBody(fields, cols, storedAnswer));
      toastSuccess('保存成功');
      onClose();
    } catch {
      /* the server's message is shown by the request client */
    } finally {
      setSaving(false);
    }
  };

  const requestClose = () => closeWithGuard(modal, dirty, onClose);

  const columns: TableColumnsType<FieldDraft> = [
    { title: '序号', key: 'index', width: 60, render: (_: unknown, _r, i) => i + 1 },
    {
      title: '字段名称',
      dataIndex: 'label',
      render: (v: string, r) => (
        <Space size={4} className="field-label">
          <span>{v}</span>
          {!r.saved && (
            <Tag color="blue" bordered={false}>
              未保存
            </Tag>
          )}
        </Space>
      ),
    },
    { title: '字段类型', dataIndex: 'type', width: 100, render: (t: WidgetType) => WIDGET_TYPE_LABELS[t] },
    { title: '必填', dataIndex: 'required', width: 60, render: (v: boolean) => (v ? '是' : '否') },
    { title: '选项', key: 'options', ellipsis: true, render: (_: unknown, r) => optionSummary(r) },
    {
      title: '操作',
      key: 'actions',
      width: 200,
      render: (_: unknown, r, i) => (
        <Flex gap={0} className="field-actions">
          <Button type="link" size="small" disabled={i === 0} onClick={() => change(moveItem(fields, i, -1))}>
            上移
          </Button>
          <Button type="link" size="small" disabled={i === fields.length - 1} onClick={() => change(moveItem(fields, i, 1))}>
            下移
          </Button>
          <Button type="link" size="small" onClick={() => setEditing({ draft: r, isNew: false })}>
            编辑
          </Button>
          <Button type="link" size="small" danger onClick={() => removeField(r)}>
            删除
          </Button>
        </Flex>
      ),
    },
  ];

  return (
    <Drawer
      title={source.title}
      open={open}
      size={820}
      onClose={requestClose}
      mask={{ closable: false }}
      destroyOnHidden
      className="custom-fields-drawer"
      footer={
        <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button onClick={requestClose}>取消</Button>
          <Button type="primary" loading={saving} disabled={stored.isLoading} onClick={() => void save()} className="custom-fields-save">
            确定
          </Button>
        </Space>
      }
    >
      {stored.isLoading ? (
        <Flex justify="center" style={{ padding: 48 }}>
          <Spin />
        </Flex>
      ) : (
        <Flex vertical gap={16}>
          <Alert type="info" showIcon title={source.hint} />
          <Flex justify="space-between" align="center" gap={12} wrap>
            <Space>
              <span>表单布局</span>
              <Segmented<number>
                value={cols}
                onChange={(v) => {
                  setCols(v);
                  if (errors.length) setErrors(definitionErrors(fields, v));
                }}
                options={colChoices.map((c) => ({ value: c, label: `每行${c}列` }))}
                className="form-cols"
              />
            </Space>
            <Button type="primary" ghost icon={<PlusOutlined />} onClick={addField} className="add-field">
              添加字段
            </Button>
          </Flex>
          {errors.length > 0 && (
            <Alert
              type="error"
              showIcon
              className="custom-fields-errors"
              title="请先修正以下问题"
              description={
                <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                  {errors.map((e) => (
                    <li key={e}>{e}</li>
                  ))}
                </ul>
              }
            />
          )}
          <Table<FieldDraft>
            rowKey="id"
            size="small"
            className="custom-fields-table"
            columns={columns}
            dataSource={fields}
            pagination={false}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无自定义字段，点击添加字段" /> }}
          />
          <span style={{ color: 'rgba(0,0,0,0.45)' }}>共 {fields.length} 个字段</span>
        </Flex>
      )}
      {editing && (
        <FieldEditor
          target={editing}
          otherLabels={fields.filter((f) => f.id !== editing.draft.id).map((f) => f.label)}
          onCancel={() => setEditing(null)}
          requiredLabel={source.requiredLabel}
          excludedTypes={source.excludedTypes}
          onDone={(d) => {
            change(editing.isNew ? [...fields, d] : fields.map((f) => (f.id === d.id ? d : f)));
            setEditing(null);
          }}
        />
      )}
    </Drawer>
  );
}
