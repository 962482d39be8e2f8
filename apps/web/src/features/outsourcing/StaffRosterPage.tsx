import { DISPATCH_RATIO_MAX, DISPATCH_RATIO_WARN, type PlacementRow } from '@wfsaas/contracts';
import { Alert, Button, Form, Input, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { usePermissions } from '../../app/routing/PermissionContext.ts';
import { formatDate } from '../../app/ui/format.ts';
import { int, text } from '../../app/ui/list-query.ts';
import { ListScreen } from '../../app/ui/ListScreen.tsx';
import { StatusTag } from '../../app/ui/StatusTag.tsx';
import { useAction } from '../../app/ui/use-action.ts';
import { useListQuery } from '../../app/ui/use-list-query.ts';
import { toQuitStart } from './labour-form.ts';
import { percentShort, phoneText, placementStatusLabel, placementStatusTone, postKindColor, postKindLabel } from './labour-format.ts';
import { LabourQuitModal } from './LabourDialogs.tsx';
import { LabourClientSelect, LabourPlanSelect } from './LabourPickers.tsx';
import { OS_PERMISSIONS as P, labourCalls, useInvalidateLabour, useRosterPage } from './os-labour.api.ts';

const SCHEMA = { clientId: int, planId: int, post: text, keyword: text, orderId: int };

type Roster = 'dispatch' | 'epiboly';
const TITLES: Record<Roster, { title: string; description: string; kinds: number[] }> = {
  dispatch: { title: '派遣员工', description: '以劳务派遣方式派驻到用工单位的人员。', kinds: [1] },
  epiboly: { title: '外包员工', description: '以业务外包、灵活用工方式服务用工单位的人员。', kinds: [2, 3] },
};

/** /staffRoll/dispatch (派遣员工). */
export function DispatchRosterPage() {
  return <StaffRosterScreen roster="dispatch" />;
}

/** /staffRoll/epiboly (外包员工). */
export function EpibolyRosterPage() {
  return <StaffRosterScreen roster="epiboly" />;
}

/** The workers placed at clients (on the job or leaving), with 离岗 for those on the job. */
function StaffRosterScreen({ roster }: { roster: Roster }) {
  const { map } = usePermissions();
  const canQuit = map[P.quitEdit] === true;
  const query = useListQuery({ name: `os-roster-${roster}`, schema: SCHEMA });
  const { clientId, planId, post, keyword, orderId } = query.filters;
  const page = useRosterPage({ ...query.page, roster, clientId, planId, orderId, post: post?.trim() || undefined, keyword: keyword?.trim() || undefined });
  const invalidate = useInvalidateLabour();
  const [quitting, setQuitting] = useState<PlacementRow | null>(null);
  const quit = useAction((r: PlacementRow, v: Parameters<typeof toQuitStart>[1]) => labourCalls.startQuit(toQuitStart(r.id, v)), { success: '已办理离岗', invalidate, onSuccess: () => setQuitting(null) });
  const t = TITLES[roster];

  const columns: TableColumnsType<PlacementRow> = [
    { title: '姓名', dataIndex: 'name', key: 'name', width: 90, fixed: 'left' },
    { title: '工号', dataIndex: 'employeeNo', key: 'employeeNo', width: 100, render: (v: string | null) => v ?? '—' },
    { title: '手机', dataIndex: 'mobile', key: 'mobile', width: 125, render: phoneText },
    { title: '用工单位', dataIndex: 'clientName', key: 'clientName', width: 170, ellipsis: true },
    {
      title: '岗位',
      dataIndex: 'post',
      key: 'post',
      width: 160,
      render: (v: string, r) => (
        <span>
          {v} <Tag color={postKindColor(r.postKind)}>{postKindLabel(r.postKind)}</Tag>
        </span>
      ),
    },
    { title: '方案', dataIndex: 'planName', key: 'planName', width: 140, ellipsis: true },
    { title: '到岗日期', dataIndex: 'startDate', key: 'startDate', width: 110, render: (v: string) => formatDate(v) },
    { title: '派驻结束', dataIndex: 'endDate', key: 'endDate', width: 110, render: (v: string) => formatDate(v) },
    { title: '合同状态', dataIndex: 'contractStatusText', key: 'contractStatusText', width: 110, render: (v: string | null) => v ?? '未发起' },
    { title: '状态', dataIndex: 'status', key: 'status', width: 90, render: (v: number) => <StatusTag tone={placementStatusTone(v)}>{placementStatusLabel(v)}</StatusTag> },
    ...(canQuit
      ? [
          {
            title: '操作',
            key: 'actions',
            width: 80,
            fixed: 'right' as const,
            render: (_: unknown, r: PlacementRow) =>
              r.status === 2 && (
                <Button type="link" size="small" danger className="roster-quit" onClick={() => setQuitting(r)}>
                  离岗
                </Button>
              ),
          },
        ]
      : []),
  ];

  return (
    <ListScreen<PlacementRow, typeof SCHEMA>
      className={`staff-roster-page roster-${roster}`}
      title={t.title}
      description={t.description}
      query={query}
      formName={`os-roster-${roster}`}
      fields={
        <>
          <Form.Item name="clientId" label="用工单位">
            <LabourClientSelect placeholder="全部" kinds={t.kinds} />
          </Form.Item>
          <Form.Item name="planId" label="方案">
            <LabourPlanSelect placeholder="全部" />
          </Form.Item>
          <Form.Item name="post" label="岗位">
            <Input allowClear maxLength={40} placeholder="岗位名称" />
          </Form.Item>
          <Form.Item name="keyword" label="员工">
            <Input allowClear maxLength={50} placeholder="姓名、工号或手机号" />
          </Form.Item>
        </>
      }
      aboveTable={
        <>
          {roster === 'dispatch' && (
            <Alert
              type="info"
              showIcon
              className="dispatch-rules"
              style={{ marginBottom: 12 }}
              title="劳务派遣用工规则"
              description={`被派遣劳动者只能在临时性、辅助性或者替代性岗位上工作；派遣人数不得超过用工单位用工总量（自有职工 + 被派遣劳动者）的 ${percentShort(DISPATCH_RATIO_MAX)}（达到 ${percentShort(DISPATCH_RATIO_WARN)} 时提醒，超过上限不能再派驻）（《劳务派遣暂行规定》第三、四条）。`}
            />
          )}
          {orderId !== undefined && (
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 12 }}
              title="正在查看一个补岗工单的到岗人员"
              action={
                <Button size="small" onClick={() => query.search({ orderId: undefined })}>
                  查看全部
                </Button>
              }
            />
          )}
        </>
      }
      table={{
        rowKey: 'id',
        className: 'roster-table',
        columns,
        result: page,
        scroll: { x: 1400 },
        chooser: { list: `os-roster-${roster}` },
        empty: `暂无${t.title}，在发起入职中为用工单位派驻人员后在此显示`,
      }}
    >
      <LabourQuitModal row={quitting} onClose={() => setQuitting(null)} onSubmit={(v) => quit.run(quitting!, v)} />
    </ListScreen>
  );
}
