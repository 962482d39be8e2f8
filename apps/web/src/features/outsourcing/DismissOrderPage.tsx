import { PlusOutlined } from '@ant-design/icons';
import { DISMISS_STATUSES, type DismissRow } from '@wfsaas/contracts';
import { Button, Form, Input, Select, Tooltip, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Link } from 'react-router';
import { usePermissions } from '../../app/routing/PermissionContext.ts';
import { formatDate } from '../../app/ui/format.ts';
import { FormDrawer } from '../../app/ui/FormOverlay.tsx';
import { int, text } from '../../app/ui/list-query.ts';
import { ListScreen } from '../../app/ui/ListScreen.tsx';
import { StatusTag } from '../../app/ui/StatusTag.tsx';
import { useAction } from '../../app/ui/use-action.ts';
import { useListQuery } from '../../app/ui/use-list-query.ts';
import { DateText } from '../employees/pickers.tsx';
import { rosterOf, toDismissSave, type DismissValues } from './labour-form.ts';
import { approvalTag, dismissDetailPath, dismissStatusLabel, dismissStatusTone } from './labour-format.ts';
import { LabourClientSelect, useLabourClient } from './LabourPickers.tsx';
import { OS_PERMISSIONS as P, labourCalls, useDismissPage, useInvalidateLabour, useRosterPage } from './os-labour.api.ts';

const SCHEMA = { clientId: int, status: int, keyword: text };

/** /outsourcingLabor/outsourceOrder/dismissOrder (减员工单): workers a client returns; each is placed again or resigns. */
export default function DismissOrderPage() {
  const { map } = usePermissions();
  const canEdit = map[P.dismissEdit] === true;
  const query = useListQuery({ name: 'os-dismissals', schema: SCHEMA });
  const { clientId, status, keyword } = query.filters;
  const page = useDismissPage({ ...query.page, clientId, status, keyword: keyword?.trim() || undefined });
  const [adding, setAdding] = useState(false);

  const columns: TableColumnsType<DismissRow> = [
    { title: '工单编号', dataIndex: 'orderNo', key: 'orderNo', width: 150, fixed: 'left', render: (v: string, r) => <Link to={dismissDetailPath(r.id, v)}>{v}</Link> },
    { title: '用工单位', dataIndex: 'clientName', key: 'clientName', width: 180, ellipsis: true },
    {
      title: '人员',
      dataIndex: 'names',
      key: 'names',
      width: 200,
      ellipsis: { showTitle: false },
      render: (v: string[]) => (
        <Tooltip title={v.join('、')} placement="topLeft">
          <span>{v.join('、') || '—'}</span>
        </Tooltip>
      ),
    },
    { title: '原因', dataIndex: 'reason', key: 'reason', width: 180, ellipsis: true },
    { title: '最后工作日', dataIndex: 'lastDay', key: 'lastDay', width: 110, render: (v: string) => formatDate(v) },
    { title: '已处理/人数', key: 'handled', width: 110, render: (_: unknown, r) => `${r.handledCount}/${r.workerCount}` },
    {
      title: '审批',
      dataIndex: 'approval',
      key: 'approval',
      width: 140,
      render: (v: number) => {
        const t = approvalTag(v);
        return t ? <StatusTag tone={t.tone}>{t.text}</StatusTag> : '—';
      },
    },
    { title: '状态', dataIndex: 'status', key: 'status', width: 100, render: (v: number) => <StatusTag tone={dismissStatusTone(v)}>{dismissStatusLabel(v)}</StatusTag> },
    {
      title: '操作',
      key: 'actions',
      width: 90,
      fixed: 'right',
      render: (_: unknown, r) => (
        <Link to={dismissDetailPath(r.id, r.orderNo)} className="dismiss-view">
          {canEdit && (r.status === 1 || r.status === 2) ? '处理' : '查看'}
        </Link>
      ),
    },
  ];

  return (
    <ListScreen<DismissRow, typeof SCHEMA>
      className="dismiss-order-page"
      title="减员工单"
      description="用工单位退回的人员：逐人重新派遣到其他用工单位，或办理离职；全部处理后工单完成。"
      extra={
        canEdit && (
          <Button type="primary" icon={<PlusOutlined />} className="dismiss-add" onClick={() => setAdding(true)}>
            新建减员工单
          </Button>
        )
      }
      query={query}
      formName="os-dismissals"
      fields={
        <>
          <Form.Item name="clientId" label="用工单位">
            <LabourClientSelect placeholder="全部" />
          </Form.Item>
          <Form.Item name="status" label="工单状态">
            <Select allowClear placeholder="全部" options={DISMISS_STATUSES.map((s) => ({ value: s.value, label: s.label }))} />
          </Form.Item>
          <Form.Item name="keyword" label="关键词">
            <Input allowClear maxLength={50} placeholder="工单编号或姓名" />
          </Form.Item>
        </>
      }
      table={{
        rowKey: 'id',
        className: 'dismiss-table',
        columns,
        result: page,
        scroll: { x: 1300 },
        chooser: { list: 'os-dismissals' },
        empty: canEdit ? '暂无减员工单，用工单位退回人员时点击新建减员工单' : '暂无减员工单',
      }}
    >
      <DismissDrawer open={adding} onClose={() => setAdding(false)} />
    </ListScreen>
  );
}

/** 新建减员工单: the client, the workers it returns (on the job there), the reason and the last day. */
function DismissDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<DismissValues>();
  const clientId = Form.useWatch('clientId', form);
  const client = useLabourClient(clientId);
  const workers = useRosterPage({ pageNum: 1, pageSize: 500, roster: rosterOf(client?.kind ?? 1), ...(clientId ? { clientId } : {}) }, open && !!client);
  const active = (workers.data?.data ?? []).filter((w) => w.status === 2);
  const invalidate = useInvalidateLabour();
  const save = useAction((v: DismissValues) => labourCalls.saveDismiss(toDismissSave(v)), { success: '保存成功', invalidate, onSuccess: onClose });
  return (
    <FormDrawer<DismissValues>
      title="新建减员工单"
      open={open}
      form={form}
      width={600}
      onClose={onClose}
      onSubmit={save.run}
      values={{ lastDay: dayjs().format('YYYY-MM-DD') }}
      okClassName="dismiss-save"
      formProps={{ className: 'dismiss-form' }}
    >
      <Form.Item name="clientId" label="用工单位" rules={[{ required: true, message: '请选择用工单位' }]}>
        <LabourClientSelect onPick={() => form.setFieldValue('placementIds', [])} />
      </Form.Item>
      <Form.Item name="placementIds" label="退回人员" rules={[{ required: true, type: 'array', min: 1, message: '请选择退回的人员' }]} extra={client ? `${client.name} 在岗 ${active.length} 人` : undefined}>
        <Select
          mode="multiple"
          allowClear
          disabled={!client}
          loading={workers.isFetching}
          placeholder={client ? '选择在岗人员，可多选' : '请先选择用工单位'}
          showSearch={{ optionFilterProp: 'label' }}
          notFoundContent="该用工单位暂无在岗人员"
          options={active.map((w) => ({ value: w.id, label: [w.name, w.employeeNo, w.post].filter(Boolean).join(' · ') }))}
          className="dismiss-workers"
        />
      </Form.Item>
      <Form.Item name="lastDay" label="最后工作日" rules={[{ required: true, message: '请选择最后工作日' }]}>
        <DateText />
      </Form.Item>
      <Form.Item name="reason" label="退工原因" rules={[{ required: true, whitespace: true, message: '请填写退工原因' }, { max: 200, message: '退工原因不能超过200个字' }]}>
        <Input.TextArea rows={3} maxLength={200} showCount placeholder="如：项目阶段结束，用工需求减少" />
      </Form.Item>
    </FormDrawer>
  );
}
