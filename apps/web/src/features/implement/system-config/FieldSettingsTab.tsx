import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import type { SystemFieldSetting } from '@wfsaas/contracts';
import { App, Button, Flex, Input, Space, Switch, Table, Tag, Tooltip, type TableColumnsType } from 'antd';
import { useEffect, useState } from 'react';
import { useAction } from '../../../app/ui/use-action.ts';
import { systemConfigCalls, useFieldSettings, useInvalidateSystemConfig } from './system-config.api.ts';

type Row = Pick<SystemFieldSetting, 'key' | 'standardLabel' | 'label' | 'visible' | 'required' | 'core'>;

/** 字段配置: which standard fields the roster, the employee form and the import show, their names, whether required, their order. */
export function FieldSettingsTab({ canEdit }: { canEdit: boolean }) {
  const { modal } = App.useApp();
  const list = useFieldSettings();
  const invalidate = useInvalidateSystemConfig();
  const [rows, setRows] = useState<Row[]>([]);
  const [dirty, setDirty] = useState(false);
  useEffect(() => {
    if (!list.data) return;
    setRows(list.data);
    setDirty(false);
  }, [list.data]);

  const change = (key: string, patch: Partial<Row>) => {
    setDirty(true);
    setRows((rs) => rs.map((r) => (r.key === key ? { ...r, ...patch, ...(patch.visible === false ? { required: false } : {}) } : r)));
  };
  const move = (i: number, by: -1 | 1) => {
    setDirty(true);
    setRows((rs) => {
      const next = [...rs];
      [next[i], next[i + by]] = [next[i + by]!, next[i]!];
      return next;
    });
  };
  const save = useAction(() => systemConfigCalls.saveFields({ fields: rows.map((r) => ({ key: r.key, label: r.label.trim(), visible: r.visible, required: r.required })) }), { success: '保存成功', invalidate });
  const reset = useAction(systemConfigCalls.resetFields, { success: '已恢复默认', invalidate });

  const columns: TableColumnsType<Row> = [
    { title: '序号', width: 64, render: (_: unknown, __: Row, i) => i + 1 },
    {
      title: '字段',
      dataIndex: 'standardLabel',
      width: 180,
      render: (v: string, r) => (
        <Space size={4}>
          {v}
          {r.core && (
            <Tooltip title="核心字段：始终显示，是否必填由系统规定">
              <Tag color="blue">核心</Tag>
            </Tooltip>
          )}
        </Space>
      ),
    },
    {
      title: '显示名称',
      dataIndex: 'label',
      render: (v: string, r) => <Input value={v} maxLength={20} placeholder={r.standardLabel} disabled={!canEdit} aria-label={`${r.standardLabel}的显示名称`} onChange={(e) => change(r.key, { label: e.target.value })} style={{ maxWidth: 220 }} />,
    },
    { title: '显示', dataIndex: 'visible', width: 90, render: (v: boolean, r) => <Switch size="small" checked={v} disabled={!canEdit || r.core} aria-label={`显示${r.standardLabel}`} onChange={(on) => change(r.key, { visible: on })} /> },
    { title: '必填', dataIndex: 'required', width: 90, render: (v: boolean, r) => <Switch size="small" checked={v} disabled={!canEdit || r.core || !r.visible} aria-label={`${r.standardLabel}必填`} onChange={(on) => change(r.key, { required: on })} /> },
    {
      title: '排序',
      width: 110,
      render: (_: unknown, r, i) => (
        <Space size={0}>
          <Button type="text" size="small" icon={<ArrowUpOutlined />} disabled={!canEdit || i === 0} aria-label={`上移${r.standardLabel}`} onClick={() => move(i, -1)} />
          <Button type="text" size="small" icon={<ArrowDownOutlined />} disabled={!canEdit || i === rows.length - 1} aria-label={`下移${r.standardLabel}`} onClick={() => move(i, 1)} />
        </Space>
      ),
    },
  ];

  return (
    <Flex vertical gap={12} className="field-settings">
      <Flex justify="space-between" align="center" wrap gap={8}>
        <span style={{ color: 'rgba(0,0,0,0.45)' }}>花名册的列、新增和编辑员工的表单、员工导入模板都按这里显示；改名后导入时原名称的表头仍可识别。</span>
        {canEdit && (
          <Space>
            <Button onClick={() => modal.confirm({ title: '恢复默认字段配置？', content: '所有字段恢复为系统默认的名称、显示、必填和顺序。', okText: '确定', cancelText: '取消', onOk: () => reset.run() })} loading={reset.pending}>
              恢复默认
            </Button>
            <Button type="primary" onClick={() => void save.run()} loading={save.pending} disabled={!dirty}>
              保存
            </Button>
          </Space>
        )}
      </Flex>
      <Table<Row> rowKey="key" size="small" loading={list.isLoading} columns={columns} dataSource={rows} pagination={false} rowClassName={(r) => `field-row field-${r.key}`} />
    </Flex>
  );
}
