import type { AnnualPreviewRow, InsuredRegister } from '@wfsaas/contracts';
import { Alert, App, Button, Col, Drawer, Empty, Flex, Form, Input, InputNumber, Row, Select, Space, Spin, Table, Tag, Timeline, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useCanOpen } from '../../app/routing/PermissionContext.ts';
import { closeWithGuard } from '../../app/ui/confirm-discard.ts';
import { formatDateTime, formatMoney } from '../../app/ui/format.ts';
import { FormDrawer } from '../../app/ui/FormOverlay.tsx';
import { useAction } from '../../app/ui/use-action.ts';
import { EmployeePicker } from '../employees/pickers.tsx';
import { chinaMonth } from '../payroll/payroll-format.ts';
import { annualErrors, clampText, editedRow, setBase, toAnnualDeclare, type AnnualEdits } from './annual-edit.ts';
import { percentToRate } from './entity-form.ts';
import { HfBaseField, HfPercentField, SiBaseField } from './BaseFields.tsx';
import { MonthText } from './MonthText.tsx';
import { applyDetailPath, createdId } from './si-format.ts';
import { siCalls, useAnnualPreview, useInsuredHistory, useInvalidateSi } from './si.api.ts';

export type EntityChoice = { value: number; label: string };

/** 变更记录: one employee's insurance history as a timeline, each change as label: before → after. */
export function HistoryDrawer({ employee, onClose }: { employee: { employeeId: number; name: string } | null; onClose: () => void }) {
  const history = useInsuredHistory(employee?.employeeId ?? null);
  const canOpen = useCanOpen();
  const rows = history.data ?? [];
  return (
    <Drawer title={`变更记录 · ${employee?.name ?? ''}`} open={employee !== null} onClose={onClose} size={520} destroyOnHidden className="insured-history-drawer">
      <Spin spinning={history.isFetching}>
        {rows.length === 0 && !history.isFetching ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无变更记录" />
        ) : (
          <Timeline
            items={rows.map((h) => ({
              key: h.id,
              content: (
                <div>
                  <Flex gap={8} wrap align="baseline">
                    <b>{h.action}</b>
                    <span style={{ color: 'rgba(0,0,0,0.45)' }}>
                      {formatDateTime(h.at)}
                      {h.by ? ` · ${h.by}` : ''}
                    </span>
                    {h.applyId !== null && canOpen('progressReportDetail') && <Link to={applyDetailPath(h.applyId)}>查看申报</Link>}
                  </Flex>
                  {h.changes.map((c) => (
                    <div key={c.label} style={{ marginTop: 4 }}>
                      <span style={{ color: 'rgba(0,0,0,0.45)' }}>{c.label}：</span>
                      {c.before ?? '—'} → {c.after ?? '—'}
                    </div>
                  ))}
                </div>
              ),
            }))}
          />
        )}
      </Spin>
    </Drawer>
  );
}

type RegisterValues = { employeeId: number; entityId: number; siBase: string; hfBase: string; hfPercent: string; startMonth: string };

/** 补录参保: someone insured before the company used the product, recorded as 在保 at once. */
export function RegisterDrawer({ open, entities, entityId, onClose }: { open: boolean; entities: readonly EntityChoice[]; entityId: number | null; onClose: () => void }) {
  const invalidate = useInvalidateSi();
  const save = useAction((b: InsuredRegister) => siCalls.registerInsured(b), { success: '补录成功', invalidate, onSuccess: onClose });
  return (
    <FormDrawer<RegisterValues>
      title="补录参保"
      open={open}
      width={640}
      onClose={onClose}
      values={{ entityId: entityId ?? undefined, startMonth: chinaMonth() }}
      onSubmit={(v) => save.run({ employeeId: v.employeeId, entityId: v.entityId, siBase: v.siBase.trim(), hfBase: v.hfBase.trim(), hfRate: percentToRate(v.hfPercent) ?? '0', startMonth: v.startMonth })}
      okClassName="register-save"
      intro={<Alert type="info" showIcon style={{ marginBottom: 16 }} title="用于登记使用本系统之前已在社保网站参保的员工：补录后状态为「在保」，不生成申报。" />}
    >
      <Row gutter={16}>
        <Col span={24}>
          <Form.Item name="employeeId" label="员工" rules={[{ required: true, message: '请选择员工' }]}>
            <EmployeePicker />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="entityId" label="参保主体" rules={[{ required: true, message: '请选择参保主体' }]}>
            <Select options={[...entities]} placeholder="请选择参保主体" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="startMonth" label="参保起始月" rules={[{ required: true, message: '请选择参保起始月' }]}>
            <MonthText allowClear={false} />
          </Form.Item>
        </Col>
        <SiBaseField />
        <HfBaseField />
        <HfPercentField />
      </Row>
    </FormDrawer>
  );
}

/**
 * 年度调基: for an entity and year, each person's average wage of the previous year and the bases it
 * gives within the policy's bounds; HR may change a base, then declares them all for the effective month.
 */
export function AnnualDrawer({ open, entities, entityId, onClose }: { open: boolean; entities: readonly EntityChoice[]; entityId: number | null; onClose: () => void }) {
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const canOpen = useCanOpen();
  const thisYear = Number(chinaMonth().slice(0, 4));
  const [target, setTarget] = useState<{ entityId: number | null; year: number }>({ entityId, year: thisYear });
  const [asked, setAsked] = useState<{ entityId: number; year: number } | null>(null);
  const [edits, setEdits] = useState<AnnualEdits>({});
  const [month, setMonth] = useState<string | null>(null);
  const preview = useAnnualPreview(open ? asked : null);
  const view = preview.data ?? null;
  const errors = view ? annualErrors(view, edits) : {};
  const effective = month ?? view?.effectiveMonth ?? null;
  const invalidate = useInvalidateSi();
  const declare = useAction(siCalls.annualDeclare, {
    success: '已生成调基申报',
    invalidate,
    onSuccess: (r) => {
      const id = createdId(r);
      onClose();
      if (id !== null && canOpen('progressReportDetail')) void navigate(applyDetailPath(id));
    },
  });
  const dirty = Object.keys(edits).length > 0;

  const column = (field: 'siBase' | 'hfBase', title: string): TableColumnsType<AnnualPreviewRow>[number] => ({
    title,
    key: field,
    width: 150,
    render: (_: unknown, r) => {
      const row = editedRow(r, edits);
      const bad = errors[r.employeeId]?.field === field;
      return <Input size="small" prefix="¥" value={row[field]} status={bad ? 'error' : undefined} onChange={(e) => setEdits((cur) => setBase(cur, r.employeeId, field, e.target.value))} className={`annual-${field}`} />;
    },
  });
  const columns: TableColumnsType<AnnualPreviewRow> = [
    { title: '姓名', dataIndex: 'name', width: 90, fixed: 'left' },
    { title: '工号', dataIndex: 'employeeNo', width: 90, render: (v: string | null) => v ?? '—' },
    { title: '上年月平均工资', dataIndex: 'averageWage', width: 130, align: 'right', render: (v: string) => <span className="money">{formatMoney(v)}</span> },
    { title: '来源', dataIndex: 'source', width: 90, render: (v: string) => (v === 'payroll' ? <Tag color="blue">薪资数据</Tag> : <Tag>档案月薪</Tag>) },
    { title: '月数', dataIndex: 'months', width: 60, align: 'right' },
    { title: '原基数', dataIndex: 'oldSiBase', width: 110, align: 'right', render: (v: string) => <span className="money">{formatMoney(v)}</span> },
    column('siBase', '新社保基数'),
    column('hfBase', '新公积金基数'),
    {
      title: '说明',
      key: 'note',
      width: 180,
      render: (_: unknown, r) => (
        <Space size={4} wrap>
          {clampText(r.clamped) && <Tag color="orange">{clampText(r.clamped)}</Tag>}
          {errors[r.employeeId] && <span style={{ color: '#cf1322' }}>{errors[r.employeeId]!.message}</span>}
        </Space>
      ),
    },
  ];

  const close = () =>
    closeWithGuard(modal, dirty, () => {
      setEdits({});
      setAsked(null);
      setMonth(null);
      onClose();
    });

  return (
    <Drawer
      title="年度调基"
      open={open}
      size={1080}
      onClose={close}
      destroyOnHidden
      className="annual-drawer"
      footer={
        <Flex justify="space-between" align="center">
          <Space>
            <span>生效月份</span>
            <div style={{ width: 140 }}>
              <MonthText value={effective} onChange={setMonth} allowClear={false} />
            </div>
          </Space>
          <Space>
            <Button onClick={close}>取消</Button>
            <Button
              type="primary"
              className="annual-declare"
              disabled={!view || view.rows.length === 0 || Object.keys(errors).length > 0 || !effective}
              loading={declare.pending}
              onClick={() => view && effective && void declare.run(toAnnualDeclare(view, edits, effective))}
            >
              生成调基申报
            </Button>
          </Space>
        </Flex>
      }
    >
      <Flex vertical gap={16}>
        <Form layout="inline">
          <Form.Item label="参保主体" required>
            <Select style={{ width: 220 }} value={target.entityId ?? undefined} placeholder="请选择参保主体" options={[...entities]} onChange={(v: number) => setTarget((t) => ({ ...t, entityId: v }))} />
          </Form.Item>
          <Form.Item label="调整年度" required>
            <InputNumber min={2000} max={2100} precision={0} value={target.year} onChange={(v) => setTarget((t) => ({ ...t, year: v ?? thisYear }))} />
          </Form.Item>
          <Form.Item>
            <Button
              type="primary"
              className="annual-preview"
              disabled={target.entityId === null}
              loading={preview.isFetching}
              onClick={() =>
                closeWithGuard(modal, dirty, () => {
                  setEdits({});
                  setMonth(null);
                  if (target.entityId === null) return;
                  if (asked?.entityId === target.entityId && asked.year === target.year) void preview.refetch();
                  else setAsked({ entityId: target.entityId, year: target.year });
                })
              }
            >
              计算新基数
            </Button>
          </Form.Item>
        </Form>
        {view && (
          <Alert
            type="info"
            showIcon
            title={`按上一年度月平均工资确定新基数：社保基数 ${formatMoney(view.siFloor)} – ${formatMoney(view.siCeiling)}${view.hfFloor ? `，公积金基数 ${formatMoney(view.hfFloor)} – ${formatMoney(view.hfCeiling)}` : ''}；低于下限按下限、高于上限按上限。`}
          />
        )}
        <Table<AnnualPreviewRow>
          rowKey="employeeId"
          size="small"
          className="annual-table"
          scroll={{ x: 1100, y: 480 }}
          loading={preview.isFetching}
          columns={columns}
          dataSource={view?.rows ?? []}
          pagination={false}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={asked ? '该主体暂无在保人员' : '选择参保主体和年度后点击计算新基数'} /> }}
        />
      </Flex>
    </Drawer>
  );
}
