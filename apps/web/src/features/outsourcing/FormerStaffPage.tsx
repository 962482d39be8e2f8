import type { FormerRow } from '@wfsaas/contracts';
import { Alert, Button, Form, Input, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { usePermissions } from '../../app/routing/PermissionContext.ts';
import { formatDate } from '../../app/ui/format.ts';
import { int, text } from '../../app/ui/list-query.ts';
import { ListScreen } from '../../app/ui/ListScreen.tsx';
import { useAction } from '../../app/ui/use-action.ts';
import { useListQuery } from '../../app/ui/use-list-query.ts';
import { leaveSourceLabel, phoneText } from './labour-format.ts';
import { LabourPlacementModal } from './LabourDialogs.tsx';
import { LabourClientSelect } from './LabourPickers.tsx';
import { OS_PERMISSIONS as P, labourCalls, useFormerPage, useInvalidateLabour } from './os-labour.api.ts';

const SCHEMA = { clientId: int, keyword: text };

/** /wbEmployee (前员工花名册): workers whose placements have all ended, who can be placed again. */
export default function FormerStaffPage() {
  const { map } = usePermissions();
  const canEdit = map[P.formerEdit] === true;
  const query = useListQuery({ name: 'os-former', schema: SCHEMA });
  const { clientId, keyword } = query.filters;
  const page = useFormerPage({ ...query.page, clientId, keyword: keyword?.trim() || undefined });
  const invalidate = useInvalidateLabour();
  const [replacing, setReplacing] = useState<FormerRow | null>(null);
  const replace = useAction((r: FormerRow, terms: Parameters<typeof labourCalls.replaceFormer>[1]) => labourCalls.replaceFormer(r.employeeId, terms), {
    success: (res) => (res?.warnings.length ? `已重新派遣（${res.warnings.join('；')}）` : '已重新派遣，请在入职记录中确认到岗'),
    invalidate,
    onSuccess: () => setReplacing(null),
  });

  const columns: TableColumnsType<FormerRow> = [
    { title: '姓名', dataIndex: 'name', key: 'name', width: 90, fixed: 'left' },
    { title: '工号', dataIndex: 'employeeNo', key: 'employeeNo', width: 100, render: (v: string | null) => v ?? '—' },
    { title: '手机', dataIndex: 'mobile', key: 'mobile', width: 125, render: phoneText },
    { title: '最后用工单位', dataIndex: 'lastClientName', key: 'lastClientName', width: 170, ellipsis: true, render: (v: string | null) => v ?? '—' },
    { title: '最后岗位', dataIndex: 'lastPost', key: 'lastPost', width: 130, render: (v: string | null) => v ?? '—' },
    { title: '离岗日期', dataIndex: 'leftDate', key: 'leftDate', width: 110, render: (v: string | null) => formatDate(v) },
    { title: '离岗类型', dataIndex: 'leaveSource', key: 'leaveSource', width: 130, render: leaveSourceLabel },
    { title: '离岗原因', dataIndex: 'leaveReason', key: 'leaveReason', width: 180, ellipsis: true, render: (v: string | null) => v || '—' },
    { title: '派驻次数', dataIndex: 'placementCount', key: 'placementCount', width: 90, align: 'right' },
    ...(canEdit
      ? [
          {
            title: '操作',
            key: 'actions',
            width: 100,
            fixed: 'right' as const,
            render: (_: unknown, r: FormerRow) => (
              <Button type="link" size="small" className="former-replace" onClick={() => setReplacing(r)}>
                重新派遣
              </Button>
            ),
          },
        ]
      : []),
  ];

  return (
    <ListScreen<FormerRow, typeof SCHEMA>
      className="former-staff-page"
      title="前员工花名册"
      description="曾派驻到用工单位、当前没有派驻的人员；重新派遣将重新录用并派驻到所选用工单位。"
      query={query}
      formName="os-former"
      fields={
        <>
          <Form.Item name="clientId" label="最后用工单位">
            <LabourClientSelect placeholder="全部" />
          </Form.Item>
          <Form.Item name="keyword" label="员工">
            <Input allowClear maxLength={50} placeholder="姓名、工号或手机号" />
          </Form.Item>
        </>
      }
      table={{
        rowKey: 'employeeId',
        className: 'former-table',
        columns,
        result: page,
        scroll: { x: 1300 },
        chooser: { list: 'os-former' },
        empty: '暂无前员工，人员离岗后在此显示，可重新派遣',
      }}
    >
      <LabourPlacementModal
        open={replacing !== null}
        title={`重新派遣 · ${replacing?.name ?? ''}`}
        intro={replacing && <Alert type="info" showIcon style={{ marginBottom: 16 }} title={`上次派驻：${replacing.lastClientName ?? '—'} · ${replacing.lastPost ?? '—'}，离岗日期 ${formatDate(replacing.leftDate)}。`} />}
        onClose={() => setReplacing(null)}
        onSubmit={(terms) => replace.run(replacing!, terms)}
      />
    </ListScreen>
  );
}
