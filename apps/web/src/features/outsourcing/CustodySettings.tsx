import { CUSTODY_FIELDS, type CustodyConfigView, type CustodySave } from '@wfsaas/contracts';
import { Button, Checkbox, Empty, Form, Space, Switch, Table, Tooltip, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { usePermissions } from '../../app/routing/PermissionContext.ts';
import { EMPTY_TEXT } from '../../app/ui/format.ts';
import { FormModal } from '../../app/ui/FormOverlay.tsx';
import { useAction } from '../../app/ui/use-action.ts';
import { OS_PERMISSIONS as P, osCalls, useInvalidateOs } from './os.api.ts';
import { custodySummary } from './os-format.ts';

type SettingValues = Omit<CustodySave, 'clientId'>;

const toSave = (c: CustodyConfigView, patch: Partial<SettingValues> = {}): CustodySave => ({
  clientId: c.clientId,
  enabled: c.enabled,
  fields: [...c.fields],
  payVisible: c.payVisible,
  approveOrders: c.approveOrders,
  approveDismissals: c.approveDismissals,
  confirmBills: c.confirmBills,
  ...patch,
});

/** 用工单位共管设置: per client, whether its company on the platform shares in the workers, and what it sees and approves. */
export function CustodySettings({ configs, loading }: { configs: readonly CustodyConfigView[]; loading: boolean }) {
  const { map } = usePermissions();
  const canEdit = map[P.custodyEdit] === true;
  const invalidate = useInvalidateOs();
  const [editing, setEditing] = useState<CustodyConfigView | null>(null);
  const toggle = useAction((c: CustodyConfigView, enabled: boolean) => osCalls.saveCustody(toSave(c, { enabled })), { success: (_, __, on) => (on ? '已开启共管' : '已关闭共管'), invalidate });
  const save = useAction((c: CustodyConfigView, v: SettingValues) => osCalls.saveCustody(toSave(c, v)), { success: '保存成功', invalidate, onSuccess: () => setEditing(null) });

  const columns: TableColumnsType<CustodyConfigView> = [
    { title: '用工单位', dataIndex: 'clientName', width: 220, fixed: 'left', ellipsis: true },
    { title: '统一社会信用代码', dataIndex: 'creditCode', width: 190, render: (v: string) => v || EMPTY_TEXT },
    {
      title: '平台企业',
      dataIndex: 'linkedCompanyName',
      width: 200,
      render: (v: string | null) => (v ? v : <span style={{ color: 'rgba(0,0,0,0.45)' }}>未入驻平台</span>),
    },
    {
      title: '共管',
      dataIndex: 'enabled',
      width: 90,
      render: (v: boolean, r) => (
        <Tooltip title={r.linkedCompanyId ? undefined : '用工单位入驻平台后才能开启共管'}>
          <Switch
            checked={v}
            checkedChildren="开"
            unCheckedChildren="关"
            disabled={!canEdit}
            loading={toggle.pendingArgs?.[0].clientId === r.clientId}
            onChange={(on) => void toggle.run(r, on)}
            className="custody-switch"
            aria-label={`${r.clientName} 共管`}
          />
        </Tooltip>
      ),
    },
    { title: '共管设置', key: 'summary', width: 320, render: (_: unknown, r) => custodySummary(r) },
    ...(canEdit
      ? [
          {
            title: '操作',
            key: 'actions',
            width: 90,
            fixed: 'right' as const,
            render: (_: unknown, r: CustodyConfigView) => (
              <Button type="link" size="small" className="custody-edit" onClick={() => setEditing(r)}>
                设置
              </Button>
            ),
          },
        ]
      : []),
  ];

  return (
    <>
      <Table<CustodyConfigView>
        rowKey="clientId"
        size="middle"
        className="custody-config-table"
        scroll={{ x: 1110 }}
        loading={loading}
        dataSource={[...configs]}
        columns={columns}
        pagination={{ pageSize: 10, showTotal: (t) => `共 ${t} 条`, hideOnSinglePage: true }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无用工单位，请先在外包看板中新增用工单位" /> }}
      />
      <FormModal<SettingValues>
        title={editing ? `共管设置 · ${editing.clientName}` : '共管设置'}
        open={editing !== null}
        width={560}
        onClose={() => setEditing(null)}
        values={editing ? toSave(editing) : undefined}
        onSubmit={(v) => editing && save.run(editing, v)}
        okClassName="custody-save"
        className="custody-dialog"
      >
        <Form.Item name="enabled" label="开启共管" valuePropName="checked" extra={editing && !editing.linkedCompanyId ? '该用工单位尚未入驻平台，暂不能开启共管' : '开启后，用工单位可在平台上查看派驻人员并处理以下事项'}>
          <Switch checkedChildren="开" unCheckedChildren="关" />
        </Form.Item>
        <Form.Item name="fields" label="可见字段" extra="姓名和岗位始终可见">
          <Checkbox.Group options={CUSTODY_FIELDS.map((f) => ({ value: f.value, label: f.label }))} />
        </Form.Item>
        <Space size={32} wrap>
          <Form.Item name="payVisible" label="可见薪资" valuePropName="checked">
            <Switch checkedChildren="是" unCheckedChildren="否" />
          </Form.Item>
          <Form.Item name="approveOrders" label="补岗单需审批" valuePropName="checked">
            <Switch checkedChildren="是" unCheckedChildren="否" />
          </Form.Item>
          <Form.Item name="approveDismissals" label="退工单需审批" valuePropName="checked">
            <Switch checkedChildren="是" unCheckedChildren="否" />
          </Form.Item>
          <Form.Item name="confirmBills" label="账单需确认" valuePropName="checked">
            <Switch checkedChildren="是" unCheckedChildren="否" />
          </Form.Item>
        </Space>
      </FormModal>
    </>
  );
}
