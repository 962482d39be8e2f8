import { App, Button, Col, Flex, Result, Row, Spin, Tag, Tooltip, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { usePermissions } from '../../app/routing/PermissionContext.ts';
import { PageHeader } from '../../app/ui/PageHeader.tsx';
import { Panel } from '../../app/ui/Panel.tsx';
import { useAction } from '../../app/ui/use-action.ts';
import { useLeaveGuard } from '../../app/ui/use-leave-guard.ts';
import { calendarSaveBody, toEdited, toggleDay, workingDaysByMonth, type EditedDays } from './calendar-edit.ts';
import { isoDay, isWeekend, monthWeeks } from './payroll-format.ts';
import { PAYROLL_PERMISSIONS as P, payrollCalls, useCalendar, useInvalidatePayroll } from './payroll.api.ts';
import type { CalendarView } from '@wfsaas/contracts';

const WEEK = ['一', '二', '三', '四', '五', '六', '日'];

/** /fzsxapp/calendarDetail/:id (日历详情): a year's months; a click marks a day off or a make-up working day. */
export default function CalendarDetailPage() {
  const { id } = useParams();
  const year = Number(id);
  const valid = Number.isInteger(year) && year >= 2000 && year <= 2100;
  const calendar = useCalendar(valid ? year : 2000);
  if (!valid) return <Result status="404" title="年度不正确" subTitle="请从日历数据列表进入。" />;
  if (calendar.isLoading) return <Spin style={{ display: 'block', margin: '80px auto' }} />;
  if (!calendar.data) return <Result status="warning" title="日历暂时无法读取" />;
  return <CalendarEditor key={JSON.stringify(calendar.data.days)} view={calendar.data} />;
}

function CalendarEditor({ view }: { view: CalendarView }) {
  const { map } = usePermissions();
  const canEdit = map[P.calendarEdit] === true;
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const invalidate = useInvalidatePayroll();
  const [edited, setEdited] = useState<EditedDays>(() => toEdited(view.days));
  const [dirty, setDirty] = useState(false);
  const saveCalendar = useAction(() => payrollCalls.saveCalendar(calendarSaveBody(view.year, view.days, edited)), { success: '保存成功', invalidate, onSuccess: () => setDirty(false) });
  const saving = saveCalendar.pending;
  useLeaveGuard(dirty && !saving);
  const working = useMemo(() => workingDaysByMonth(view.year, edited), [view.year, edited]);



  return (
    <Flex vertical gap={16} className="calendar-detail-page">
      <PageHeader
        title={`${view.year}年工作日历`}
        description={view.source ? `法定节假日依据：${view.source}` : '该年度未内置法定节假日安排，可点击日期设置。'}
        extra={
          <>
            <Button onClick={() => navigate('/fzsxapp/calendarList')}>返回</Button>
            {canEdit && dirty && (
              <Button
                onClick={() =>
                  modal.confirm({ title: '放弃未保存的修改?', okText: '确定', cancelText: '取消', onOk: () => { setEdited(toEdited(view.days)); setDirty(false); } })
                }
              >
                撤销修改
              </Button>
            )}
            {canEdit && (
              <Button type="primary" disabled={!dirty} loading={saving} onClick={() => void saveCalendar.run()} className="calendar-save">
                保存
              </Button>
            )}
          </>
        }
      />
      <Panel bodyStyle={{ padding: '12px 24px' }}>
        <Flex gap={24} align="center" wrap>
          <span>
            <Tag color="red">休</Tag>法定节假日/休息日
          </span>
          <span>
            <Tag color="blue">班</Tag>调休上班
          </span>
          <span style={{ color: 'rgba(0,0,0,0.45)' }}>灰色为周末</span>
          <span style={{ color: 'rgba(0,0,0,0.45)' }}>{canEdit ? '点击工作日设为休息，点击周末设为调休上班，再次点击恢复。' : '您可以查看日历，修改需要编辑权限。'}</span>
          <span>全年工作日 {working.reduce((a, b) => a + b, 0)} 天</span>
        </Flex>
      </Panel>
      <Row gutter={[16, 16]}>
        {Array.from({ length: 12 }, (_, i) => (
          <Col key={i} xs={24} md={12} xl={8} xxl={6}>
            <MonthGrid
              year={view.year}
              month={i + 1}
              days={edited}
              workingDays={working[i]!}
              onToggle={
                canEdit
                  ? (date) => {
                      setEdited((e) => toggleDay(e, date));
                      setDirty(true);
                    }
                  : undefined
              }
            />
          </Col>
        ))}
      </Row>
    </Flex>
  );
}

function MonthGrid({ year, month, days, workingDays, onToggle }: { year: number; month: number; days: EditedDays; workingDays: number; onToggle?: (date: string) => void }) {
  return (
    <Panel
      className="calendar-month"
      title={
        <span>
          {month}月 <Typography.Text type="secondary" style={{ fontSize: 13, fontWeight: 400 }}>工作日 {workingDays} 天</Typography.Text>
        </span>
      }
      bodyStyle={{ padding: 12 }}
    >
      <table style={{ width: '100%', borderCollapse: 'collapse', tableLayout: 'fixed', textAlign: 'center' }}>
        <thead>
          <tr>
            {WEEK.map((w, i) => (
              <th key={w} style={{ fontWeight: 400, color: i >= 5 ? '#8c8c8c' : 'rgba(0,0,0,0.65)', paddingBottom: 4 }}>
                {w}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthWeeks(year, month).map((week, wi) => (
            <tr key={wi}>
              {week.map((d, di) => {
                if (d === null) return <td key={di} />;
                const date = isoDay(year, month, d);
                const mark = days.get(date);
                const weekend = isWeekend(year, month, d);
                const bg = mark?.kind === 1 ? '#fff1f0' : mark?.kind === 2 ? '#e6f4ff' : weekend ? '#fafafa' : undefined;
                const color = mark?.kind === 1 ? '#cf1322' : mark?.kind === 2 ? '#0958d9' : weekend ? '#8c8c8c' : 'rgba(0,0,0,0.88)';
                const cell = (
                  <div
                    data-date={date}
                    className="calendar-day"
                    onClick={onToggle ? () => onToggle(date) : undefined}
                    style={{ position: 'relative', margin: 2, padding: '6px 0', borderRadius: 4, background: bg, color, cursor: onToggle ? 'pointer' : 'default', fontVariantNumeric: 'tabular-nums' }}
                  >
                    {d}
                    {mark && <span style={{ position: 'absolute', top: 0, right: 2, fontSize: 10, lineHeight: '12px' }}>{mark.kind === 1 ? '休' : '班'}</span>}
                  </div>
                );
                return <td key={di}>{mark ? <Tooltip title={mark.name || (mark.kind === 1 ? '休息' : '调休上班')}>{cell}</Tooltip> : cell}</td>;
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </Panel>
  );
}
