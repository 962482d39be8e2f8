import { Drawer, Empty, Timeline } from 'antd';
import { formatDateTime } from '../../app/ui/format.ts';
import { ChangeFormAnswers } from './ChangeFormFields.tsx';
import { changeSummary } from './conversion.ts';
import { useEmployeeTimeline } from './lifecycle.api.ts';

/** 异动记录: every change of one employee (regularisation, probation extension, transfer …), latest first. */
export function ChangeTimeline({ employeeId }: { employeeId: number }) {
  const timeline = useEmployeeTimeline(employeeId);
  if (timeline.data && timeline.data.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无异动记录" />;
  return (
    <Timeline
      className="change-timeline"
      items={(timeline.data ?? []).map((c) => ({
        color: c.status === 1 ? 'green' : c.status === 0 ? 'blue' : c.status === 3 ? 'orange' : c.status === 4 ? 'red' : 'gray',
        content: (
          <div>
            <div>{changeSummary(c)}</div>
            <ChangeFormAnswers form={c.form} />
            <div style={{ color: 'rgba(0,0,0,0.45)', fontSize: 12 }}>
              {c.createdByName ?? '系统'} 于 {formatDateTime(c.createdAt)} 办理{c.remark ? `；备注：${c.remark}` : ''}
            </div>
            {c.reviewRemark && <div style={{ color: 'rgba(0,0,0,0.45)', fontSize: 12 }}>{c.status === 4 ? '驳回原因' : '审批意见'}：{c.reviewRemark}</div>}
          </div>
        ),
      }))}
    />
  );
}

export function ChangeTimelineDrawer({ employee, onClose }: { employee: { id: number; name: string } | null; onClose: () => void }) {
  return (
    <Drawer title={employee ? `异动记录 · ${employee.name}` : '异动记录'} open={employee !== null} onClose={onClose} size={520} destroyOnHidden>
      {employee && <ChangeTimeline employeeId={employee.id} />}
    </Drawer>
  );
}
