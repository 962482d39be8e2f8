import { ArrowRightOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { DATA_CATEGORIES, DATA_MATCH_KEYS, DATA_MAX_COLUMNS, type DataKindKey, type DataMatchKey, type DataTableView } from '@wfsaas/contracts';
import { Alert, AutoComplete, Button, Flex, Form, Input, Radio, Select, Tooltip } from 'antd';
import { useMemo } from 'react';
import { FormDrawer } from '../../app/ui/FormOverlay.tsx';
import { useAction } from '../../app/ui/use-action.ts';
import { columnsProblem, KIND_SCREENS, normaliseColumns, type ColumnDraft } from './data-format.ts';
import { dataCalls, useInvalidatePayrollData } from './payroll-data.api.ts';

type FormValues = { name: string; category: (typeof DATA_CATEGORIES)[number]; matchKey: DataMatchKey; source?: string; columns: ColumnDraft[] };

/**
 * 新增数据表 / 编辑 in a Drawer: name, category, how rows name their employee, the source system of a
 * pushed kind, and the columns — each header of the sheet (or key of a pushed row) and the salary item
 * it fills. `itemSuggestions` are the input items of the salary groups.
 */
export function TableFormDrawer({ kind, table, open, itemSuggestions, onClose, onSaved }: { kind: DataKindKey; table: DataTableView | null; open: boolean; itemSuggestions: string[]; onClose: () => void; onSaved?: (t: DataTableView) => void }) {
  const [form] = Form.useForm<FormValues>();
  const invalidate = useInvalidatePayrollData();
  const pushed = KIND_SCREENS[kind].pushed;
  const options = useMemo(() => itemSuggestions.map((i) => ({ value: i })), [itemSuggestions]);
  const save = useAction(
    (v: FormValues) =>
      dataCalls.saveTable(kind, {
        ...(table ? { id: table.id } : {}),
        name: v.name.trim(),
        category: v.category,
        matchKey: v.matchKey,
        source: pushed ? (v.source ?? '').trim() : '',
        columns: normaliseColumns(v.columns),
      }),
    {
      success: '保存成功',
      invalidate: () => invalidate(),
      onSuccess: (saved) => {
        onSaved?.(saved);
        onClose();
      },
    },
  );
  const values: Partial<FormValues> = table
    ? { name: table.name, category: table.category as FormValues['category'], matchKey: table.matchKey, source: table.source, columns: table.columns.map((c) => ({ ...c })) }
    : { name: '', category: DATA_CATEGORIES[0], matchKey: 'employeeNo', source: '', columns: [{ column: '', item: '' }] };

  return (
    <FormDrawer<FormValues>
      title={table ? `编辑数据表 · ${table.name}` : '新增数据表'}
      open={open}
      width={600}
      form={form}
      values={values}
      onClose={onClose}
      onSubmit={save.run}
      className="data-table-drawer"
      okClassName="data-table-save"
      formProps={{
        className: 'data-table-form',
        requiredMark: true,
        onValuesChange: (changed: Partial<FormValues>) => {
          // the columns' problem shown after a save attempt follows the edits
          if ('columns' in changed && form.getFieldError('columns').length > 0) void form.validateFields(['columns']).catch(() => undefined);
        },
      }}
      intro={
        table &&
        table.batchCount > 0 && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            message={`该表已有 ${table.batchCount} 个有效批次`}
            description="批次中的数据按上传时的表头保存：修改表头名称后，已有批次中原表头的数据将不再被取数；只修改工资项名称不受影响。"
          />
        )
      }
    >
        <Flex gap={16}>
          <Form.Item name="name" label="数据表名称" style={{ flex: 1 }} rules={[{ required: true, whitespace: true, message: '请输入数据表名称' }]}>
            <Input maxLength={30} showCount placeholder="如：月度考勤表" />
          </Form.Item>
          <Form.Item name="category" label="数据类别" style={{ width: 180 }} rules={[{ required: true, message: '请选择数据类别' }]}>
            <Select options={DATA_CATEGORIES.map((c) => ({ value: c, label: c }))} />
          </Form.Item>
        </Flex>
        <Form.Item name="matchKey" label="匹配方式" extra={pushed ? '推送的每行数据用此字段（key）指明员工' : '模板第一列为此字段，用于匹配员工；第二列为姓名，用于核对'} rules={[{ required: true }]}>
          <Radio.Group options={DATA_MATCH_KEYS.map((k) => ({ value: k.value, label: k.label }))} />
        </Form.Item>
        {pushed && (
          <Form.Item name="source" label="数据来源" extra="推送数据的系统或设备，显示为批次的来源" rules={[{ required: true, whitespace: true, message: '请填写推送数据的来源系统（如考勤机、OA系统）' }]}>
            <Input maxLength={30} placeholder={kind === 'iot' ? '如：考勤机、门禁系统' : '如：OA系统、绩效系统'} />
          </Form.Item>
        )}
        <Form.List
          name="columns"
          rules={[
            {
              validator: (_, v: ColumnDraft[] | undefined) => {
                const problem = columnsProblem(v ?? []);
                return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
              },
            },
          ]}
        >
          {(rows, { add, remove }, { errors }) => (
            <Form.Item
              label="数据列"
              required
              className="data-columns"
              extra={pushed ? '表头名称即推送数据 values 中的字段名；工资项名称须与薪资组的导入项一致才会被取数。' : '表头名称即模板中的列名；工资项名称须与薪资组的导入项一致才会被取数。'}
            >
              <Flex vertical gap={8}>
                <Flex gap={8} style={{ color: 'rgba(0,0,0,0.45)', fontSize: 13 }}>
                  <span style={{ flex: 1 }}>表头名称</span>
                  <span style={{ width: 14 }} />
                  <span style={{ flex: 1 }}>工资项名称</span>
                  <span style={{ width: 24 }} />
                </Flex>
                {rows.map((row, i) => (
                  <Flex key={row.key} gap={8} align="center" className="data-column-row">
                    <Form.Item name={[row.name, 'column']} noStyle>
                      <Input placeholder={`如：${['出勤天数', '绩效得分', '餐补'][i % 3]}`} maxLength={30} aria-label={`第${i + 1}列表头名称`} style={{ flex: 1 }} />
                    </Form.Item>
                    <ArrowRightOutlined style={{ color: 'rgba(0,0,0,0.35)' }} />
                    <Form.Item name={[row.name, 'item']} noStyle>
                      <AutoComplete
                        options={options}
                        placeholder={`如：${['实际出勤天数', '绩效奖金', '餐费补贴'][i % 3]}`}
                        aria-label={`第${i + 1}列工资项名称`}
                        style={{ flex: 1 }}
                        filterOption={(input, option) => (option?.value ?? '').includes(input.trim())}
                      />
                    </Form.Item>
                    <Tooltip title="删除此列">
                      <Button type="text" size="small" danger icon={<DeleteOutlined />} onClick={() => remove(row.name)} aria-label="删除此列" disabled={rows.length === 1} />
                    </Tooltip>
                  </Flex>
                ))}
                <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ column: '', item: '' })} disabled={rows.length >= DATA_MAX_COLUMNS} className="data-column-add">
                  添加一列
                </Button>
                <Form.ErrorList errors={errors} />
              </Flex>
            </Form.Item>
          )}
        </Form.List>
    </FormDrawer>
  );
}
