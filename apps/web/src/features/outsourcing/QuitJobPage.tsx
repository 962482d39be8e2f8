import type { PlacementRow } from '@wfsaas/contracts';
import { App, Button, Form, Input, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { usePermissions } from '../../app/routing/PermissionContext.ts';
import { formatDate } from '../../app/ui/format.ts';
import { int, oneOf, text } from '../../app/ui/list-query.ts';
import { ListScreen } from '../../app/ui/ListScreen.tsx';
import { StatusTag } from '../../app/ui/StatusTag.tsx';
import { useAction } from '../../app/ui/use-action.ts';
import { useListQuery } from '../../app/ui/use-list-query.ts';
import { canCompleteQuit, leaveSourceLabel, placementStatusLabel, placementStatusTone } from './labour-format.ts';
import { LabourClientSelect } from './LabourPickers.tsx';
import { OS_PERMISSIONS as P, labourCalls, useInvalidateLabour, useQuitPage } from './os-labour.api.ts';

const TABS = [
  { key: 'leaving', label: '待离岗' },
  { key: 'left', label: '已离岗' },
] as const;
const SCHEMA = { clientId: int, keyword: text, tab: oneOf(TABS.map((t) => t.key)) };
const DEFAULTS = { tab: 'leaving' as const };

/** /outsourcingLabor/quitJobManage (外包离职管理): placements ending, completed once the last day has come. */
export default function QuitJobPage() {
  const { modal } = App.useApp();
  const { map } = usePermissions();
  const canEdit = map[P.quitEdit] === true;
  const query = useListQuery({ name: 'os-quits', schema: SCHEMA, defaults: DEFAULTS });
  const { clientId, keyword, tab = 'leaving' } = query.filters;
  const page = useQuitPage({ ...query.page, clientId, status: tab === 'left' ? 4 : 3, keyword: keyword?.trim() || undefined });
  const invalidate = useInvalidateLabour();
  const complete = useAction((r: PlacementRow) => labourCalls.completeQuit(r.id), { success: '已完成离岗', invalidate });
  const today = dayjs().format('YYYY-MM-DD');

  const columns: TableColumnsType<PlacementRow> = [
    { title: '姓名', dataIndex: 'name', key: 'name', width: 90, fixed: 'left' },
    { title: '工号', dataIndex: 'employeeNo', key: 'employeeNo', width: 100, render: (v: string | null) => v ?? '—' },
    { title: '用工单位', dataIndex: 'clientName', key: 'clientName', width: 170, ellipsis: true },
    { title: '岗位', dataIndex: 'post', key: 'post', width: 130 },
    { title: '到岗日期', dataIndex: 'startDate', key: 'startDate', width: 110, render: (v: string) => formatDate(v) },
    { title: '离岗原因类型', dataIndex: 'leaveSource', key: 'leaveSource', width: 130, render: leaveSourceLabel },
    { title: '离岗原因', dataIndex: 'leaveReason', key: 'leaveReason', width: 180, ellipsis: true, render: (v: string | null) => v || '—' },
    { title: '最后工作日', dataIndex: 'leftDate', key: 'leftDate', width: 110, render: (v: string | null) => formatDate(v) },
    { title: '状态', dataIndex: 'status', key: 'status', width: 90, render: (v: number) => <StatusTag tone={placementStatusTone(v)}>{placementStatusLabel(v)}</StatusTag> },
    ...(canEdit && tab === 'leaving'
      ? [
          {
            title: '操作',
            key: 'actions',
            width: 100,
            fixed: 'right' as const,
            render: (_: unknown, r: PlacementRow) =>
              canCompleteQuit(r, today) ? (
                <Button
                  type="link"
                  size="small"
                  className="quit-complete"
                  loading={complete.pendingArgs?.[0] === r}
                  onClick={() => modal.confirm({ title: '确认完成离岗?', content: `${r.name} 已于 ${formatDate(r.leftDate)} 离开 ${r.clientName}，完成后派驻结束，人员进入前员工花名册。`, okText: '确定', cancelText: '取消', onOk: () => complete.run(r) })}
                >
                  完成离岗
                </Button>
              ) : (
                <span style={{ color: 'rgba(0,0,0,0.45)' }}>最后工作日起可办理</span>
              ),
          },
        ]
      : []),
  ];

  return (
    <ListScreen<PlacementRow, typeof SCHEMA>
      className="quit-job-page"
      title="外包离职管理"
      description="在派遣员工、外包员工中办理离岗或处理减员工单后，人员在此待离岗；到最后工作日后完成离岗。"
      query={query}
      formName="os-quits"
      fields={
        <>
          <Form.Item name="clientId" label="用工单位">
            <LabourClientSelect placeholder="全部" />
          </Form.Item>
          <Form.Item name="keyword" label="员工">
            <Input allowClear maxLength={50} placeholder="姓名或工号" />
          </Form.Item>
        </>
      }
      tabs={{ filter: 'tab', items: TABS }}
      table={{
        rowKey: 'id',
        className: 'quit-table',
        columns,
        result: page,
        scroll: { x: 1300 },
        empty: tab === 'leaving' ? '暂无待离岗人员，可在派遣员工或外包员工中办理离岗' : '暂无已离岗人员',
      }}
    />
  );
}
