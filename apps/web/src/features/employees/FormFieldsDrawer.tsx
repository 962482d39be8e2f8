import { PlusOutlined } from '@ant-design/icons';
import { WIDGET_TYPE_LABELS, type WidgetType } from '@wfsaas/contracts';
import { Alert, App, Button, Drawer, Empty, Flex, Segmented, Space, Spin, Table, Tag, type TableColumnsType } from 'antd';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { confirmDelete } from '../../app/ui/confirm-delete.ts';
import { closeWithGuard } from '../../app/ui/confirm-discard.ts';
import { useAction } from '../../app/ui/use-action.ts';
import { definitionErrors, draftsOf, FORM_COL_CHOICES, isChanged, moveItem, newDraft, optionSummary, toSaveBody, type CustomFormSaveBody, type FieldDraft, type StoredForm } from './custom-fields.ts';
import { FieldEditor, type EditorTarget } from './FieldEditorModal.tsx';

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

/** The field editor of a form definition: list, add, edit, reorder, remove fields, and the grid columns. */
export function FormFieldsDrawer({ open, onClose, source }: { open: boolean; onClose: () => void; source: FieldsSource }) {
  const { modal, message } = App.useApp();
  const stored = source.stored;
  const saveForm = source.save;
  const [fields, setFields] = useState<FieldDraft[]>([]);
  const [cols, setCols] = useState(2);
  const [errors, setErrors] = useState<string[]>([]);
  const [editing, setEditing] = useState<EditorTarget | null>(null);
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

  const saveAction = useAction(saveForm, { success: '保存成功', onSuccess: onClose });
  const save = () => {
    const errs = definitionErrors(fields, cols);
    setErrors(errs);
    if (errs.length) {
      message.error({ content: errs[0], key: 'custom-fields-invalid' });
      return;
    }
    void saveAction.run(toSaveBody(fields, cols, storedAnswer));
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
          <Button type="primary" loading={saveAction.pending} disabled={stored.isLoading} onClick={save} className="custom-fields-save">
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
