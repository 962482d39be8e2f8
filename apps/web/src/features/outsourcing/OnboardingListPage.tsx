import { PlusOutlined } from '@ant-design/icons';
import { PLACEMENT_STATUSES, type PlacementRow } from '@wfsaas/contracts';
import { Button, Flex, Form, Input, Select, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useCanOpen, usePermissions } from '../../app/routing/PermissionContext.ts';
import { formatDate } from '../../app/ui/format.ts';
import { int, text } from '../../app/ui/list-query.ts';
import { ListScreen } from '../../app/ui/ListScreen.tsx';
import { StatusTag } from '../../app/ui/StatusTag.tsx';
import { useAction } from '../../app/ui/use-action.ts';
import { useListQuery } from '../../app/ui/use-list-query.ts';
import { idParam, ONBOARDING_START_PATH, phoneText, placementStatusLabel, placementStatusTone, postKindColor, postKindLabel } from './labour-format.ts';
import { LabourConfirmArrival } from './LabourConfirmArrival.tsx';
import { LabourReasonModal } from './LabourDialogs.tsx';
import { LabourInvites } from './LabourInvites.tsx';
import { LabourClientSelect } from './LabourPickers.tsx';
import { OS_PERMISSIONS as P, labourCalls, useInvalidateLabour, useOnboardingPage } from './os-labour.api.ts';

const SCHEMA = { clientId: int, status: int, keyword: text };
const STATUS_OPTIONS = PLACEMENT_STATUSES.filter((s) => s.value === 1 || s.value === 2 || s.value === 5).map((s) => ({ value: s.value, label: s.label }));

/** /outsourcingLabor/onboardingManagement/initiateOnboardingList (入职记录): onboardings to confirm on arrival, and those done or abandoned. */
export default function OnboardingListPage() {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const highlight = idParam(search.get('highlight'));
  const { map } = usePermissions();
  const canOpen = useCanOpen();
  const canEdit = map[P.onboardingEdit] === true;
  const query = useListQuery({ name: 'os-onboarding', schema: SCHEMA });
  const { clientId, status, keyword } = query.filters;
  const page = useOnboardingPage({ ...query.page, clientId, status, keyword: keyword?.trim() || undefined });
  const invalidate = useInvalidateLabour();
  const [confirming, setConfirming] = useState<PlacementRow | null>(null);
  const [abandoning, setAbandoning] = useState<PlacementRow | null>(null);
  const abandon = useAction((r: PlacementRow, reason: string) => labourCalls.abandonOnboarding(r.id, reason), { success: '已放弃入职', invalidate, onSuccess: () => setAbandoning(null) });

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
        <Flex gap={4} wrap align="center">
          <span>{v}</span>
          <Tag color={postKindColor(r.postKind)}>{postKindLabel(r.postKind)}</Tag>
        </Flex>
      ),
    },
    { title: '方案', dataIndex: 'planName', key: 'planName', width: 140, ellipsis: true },
    { title: '补岗工单', dataIndex: 'orderNo', key: 'orderNo', width: 140, render: (v: string | null) => v ?? '—' },
    { title: '到岗日期', dataIndex: 'startDate', key: 'startDate', width: 110, render: (v: string) => formatDate(v) },
    { title: '合同状态', dataIndex: 'contractStatusText', key: 'contractStatusText', width: 110, render: (v: string | null) => v ?? '未发起' },
    { title: '状态', dataIndex: 'status', key: 'status', width: 90, render: (v: number) => <StatusTag tone={placementStatusTone(v)}>{placementStatusLabel(v)}</StatusTag> },
    ...(canEdit
      ? [
          {
            title: '操作',
            key: 'actions',
            width: 140,
            fixed: 'right' as const,
            render: (_: unknown, r: PlacementRow) =>
              r.status === 1 && (
                <Flex gap={4}>
                  <Button type="link" size="small" className="onboarding-confirm" onClick={() => setConfirming(r)}>
                    确认到岗
                  </Button>
                  <Button type="link" size="small" danger className="onboarding-abandon" onClick={() => setAbandoning(r)}>
                    放弃
                  </Button>
                </Flex>
              ),
          },
        ]
      : []),
  ];

  return (
    <ListScreen<PlacementRow, typeof SCHEMA>
      className="onboarding-list-page"
      title="入职记录"
      description="发起入职后为待入职；员工到岗时确认到岗，按方案发起劳动合同签署并生成参保增员。"
      extra={
        canEdit &&
        canOpen('initiateOnboarding') && (
          <Button type="primary" icon={<PlusOutlined />} className="onboarding-start" onClick={() => navigate(ONBOARDING_START_PATH)}>
            发起入职
          </Button>
        )
      }
      query={query}
      formName="os-onboarding"
      fields={
        <>
          <Form.Item name="clientId" label="用工单位">
            <LabourClientSelect placeholder="全部" />
          </Form.Item>
          <Form.Item name="status" label="入职状态">
            <Select allowClear placeholder="全部" options={STATUS_OPTIONS} />
          </Form.Item>
          <Form.Item name="keyword" label="员工">
            <Input allowClear maxLength={50} placeholder="姓名或工号" />
          </Form.Item>
        </>
      }
      table={{
        rowKey: 'id',
        className: 'onboarding-table',
        columns,
        result: page,
        scroll: { x: 1380 },
        chooser: { list: 'os-onboarding' },
        rowClassName: (r) => (r.id === highlight ? 'onboarding-highlight' : ''),
        empty: canEdit ? '暂无入职记录，点击发起入职为用工单位派驻人员' : '暂无入职记录',
      }}
    >
      {highlight !== null && <style>{'.onboarding-highlight > td { background: #e6f4ff !important; }'}</style>}
      <LabourInvites canEdit={canEdit} />
      <LabourConfirmArrival row={confirming} onClose={() => setConfirming(null)} />
      <LabourReasonModal
        open={abandoning !== null}
        title={`放弃入职 · ${abandoning?.name ?? ''}`}
        label="放弃原因"
        placeholder="如：候选人未按期到岗"
        okText="放弃入职"
        okDanger
        onClose={() => setAbandoning(null)}
        onSubmit={(reason) => abandon.run(abandoning!, reason)}
      />
    </ListScreen>
  );
}
