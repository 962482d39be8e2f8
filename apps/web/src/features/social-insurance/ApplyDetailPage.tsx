import { APPLY_STATUS, type ApplyDetailView, type ApplyLineView } from '@wfsaas/contracts';
import { Alert, App, Button, Descriptions, Flex, Result, Segmented, Space, Spin, Table, Tag, Tooltip, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { usePermissions } from '../../app/routing/PermissionContext.ts';
import { formatDateTime, formatMoney } from '../../app/ui/format.ts';
import { PageHeader } from '../../app/ui/PageHeader.tsx';
import { Panel } from '../../app/ui/Panel.tsx';
import { StatusTag } from '../../app/ui/StatusTag.tsx';
import { useAction } from '../../app/ui/use-action.ts';
import { formatRate } from '../payroll/payroll-format.ts';
import { usePayrollExport } from '../payroll/use-payroll-export.tsx';
import { LineModal, ResultImportModal, ResultModal } from './LineDialogs.tsx';
import { APPLY_MONTH_PATH, applyDetailPath, type Created, applyStatusLabel, applyStatusTone, createdId, deadlineText, lateFeeTip, lineKey, lineKindColor, lineKindLabel, lineRef, lineResultLabel, lineResultTone, lineSourceLabel, submitConfirmText } from './si-format.ts';
import { SI_PERMISSIONS as P, siCalls, useApplyDetail, useInvalidateSi } from './si.api.ts';

const money = (v: string | null) => <span className="money">{formatMoney(v)}</span>;

/** /taxReturn/progressReportDetail/:applyId (进度详情): one declaration — its lines, submission, the portal's results. */
export default function ApplyDetailPage() {
  const { applyId: raw } = useParams();
  const applyId = Number(raw);
  const detail = useApplyDetail(Number.isInteger(applyId) && applyId > 0 ? applyId : null);
  const navigate = useNavigate();
  if (detail.isLoading) return <Spin style={{ display: 'block', margin: '80px auto' }} />;
  if (!detail.data)
    return (
      <Result
        status="404"
        title="申报单不存在"
        subTitle="该申报可能已被删除，或不属于当前公司。"
        extra={
          <Button type="primary" onClick={() => navigate(APPLY_MONTH_PATH)}>
            返回进度速查
          </Button>
        }
      />
    );
  return <ApplyDetail apply={detail.data} refreshing={detail.isFetching} />;
}

function ApplyDetail({ apply: a, refreshing }: { apply: ApplyDetailView; refreshing: boolean }) {
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const { map } = usePermissions();
  const canEdit = map[P.applyEdit] === true;
  // the employee picker searches the roster: offered to those who may read it
  const canPick = map.staffRoll === true;
  const invalidate = useInvalidateSi();
  const exporter = usePayrollExport();
  const [show, setShow] = useState<'declared' | 'dropped'>('declared');
  const [editing, setEditing] = useState<ApplyLineView | 'new' | null>(null);
  const [recording, setRecording] = useState<ApplyLineView | null>(null);
  const [importing, setImporting] = useState(false);

  const draft = a.status === APPLY_STATUS.draft;
  const submitted = a.status === APPLY_STATUS.submitted || a.status === APPLY_STATUS.partial || a.status === APPLY_STATUS.succeeded;
  const due = deadlineText(a.daysLeft);
  const goTo = (r: Created) => {
    const id = createdId(r);
    if (id !== null && id !== a.id) void navigate(applyDetailPath(id));
  };

  const saveLine = useAction(siCalls.saveLine, { success: '保存成功', invalidate, onSuccess: () => setEditing(null) });
  const drop = useAction((l: ApplyLineView) => siCalls.dropLine(lineRef(a.id, l)), { success: '已设为不申报', invalidate });
  const restore = useAction((l: ApplyLineView) => siCalls.restoreLine(lineRef(a.id, l)), { success: '已恢复申报', invalidate });
  const submit = useAction(() => siCalls.submit(a.id), { success: '提交成功', invalidate });
  const withdraw = useAction(() => siCalls.withdraw(a.id), { success: '已撤回申报', invalidate });
  const carryOver = useAction(() => siCalls.carryOver(a.id), { success: '已转入下月申报', invalidate, onSuccess: goTo });
  const retry = useAction(() => siCalls.retryFailed(a.id), { success: '失败人员已转入下月申报', invalidate, onSuccess: goTo });
  const saveResult = useAction((l: ApplyLineView, v: { result: 1 | 2; reason: string }) => siCalls.saveResult({ applyId: a.id, lineId: l.id!, ...v }), {
    success: '登记成功',
    invalidate,
    onSuccess: () => setRecording(null),
  });
  const importResult = useAction((file: File) => siCalls.importResult(a.id, file), { invalidate });

  const declared = a.lines.filter((l) => !l.dropped);
  const dropped = a.lines.filter((l) => l.dropped);
  const rows = show === 'dropped' ? dropped : declared;

  const confirm = (title: string, content: string, onOk: () => unknown, danger = false) =>
    modal.confirm({ title, content, okText: '确定', cancelText: '取消', type: danger ? 'warning' : 'confirm', okButtonProps: danger ? { danger: true } : undefined, onOk });

  const columns: TableColumnsType<ApplyLineView> = [
    { title: '姓名', dataIndex: 'name', width: 90, fixed: 'left' },
    { title: '工号', dataIndex: 'employeeNo', width: 90, render: (v: string | null) => v ?? '—' },
    { title: '证件号码', dataIndex: 'idNumberMasked', width: 170, render: (v: string | null) => v ?? '—' },
    { title: '类型', dataIndex: 'kind', width: 70, render: (v: number) => <Tag color={lineKindColor(v)}>{lineKindLabel(v)}</Tag> },
    { title: '来源', dataIndex: 'source', width: 90, render: lineSourceLabel },
    { title: '起始月', dataIndex: 'fromMonth', width: 85 },
    { title: '截止月', dataIndex: 'toMonth', width: 85, render: (v: string | null) => v ?? '—' },
    { title: '社保基数', dataIndex: 'siBase', width: 115, align: 'right', render: money },
    { title: '公积金基数', dataIndex: 'hfBase', width: 115, align: 'right', render: money },
    { title: '比例', dataIndex: 'hfRate', width: 65, align: 'right', render: (v: string) => formatRate(v) },
    { title: '补缴金额', dataIndex: 'backPay', width: 110, align: 'right', render: (v: string | null) => (v ? money(v) : '—') },
    {
      title: '滞纳金',
      dataIndex: 'lateFee',
      width: 100,
      align: 'right',
      render: (v: string | null, r) =>
        v ? (
          <Tooltip title={lateFeeTip(r.lateDays)}>
            <span className="money" style={{ borderBottom: '1px dashed #d9d9d9' }}>
              {formatMoney(v)}
            </span>
          </Tooltip>
        ) : (
          '—'
        ),
    },
    { title: '备注', dataIndex: 'remark', width: 120, ellipsis: true, render: (v: string) => v || '—' },
    {
      title: '结果',
      key: 'result',
      width: 170,
      render: (_: unknown, r) =>
        draft ? (
          '—'
        ) : (
          <Space size={4} wrap>
            <StatusTag tone={lineResultTone(r.result)}>{lineResultLabel(r.result)}</StatusTag>
            {r.result === 2 && r.reason && (
              <span className="line-reason" style={{ color: '#cf1322' }}>
                {r.reason}
              </span>
            )}
          </Space>
        ),
    },
    ...(canEdit && (draft || (submitted && show === 'declared'))
      ? [
          {
            title: '操作',
            key: 'actions',
            width: 130,
            fixed: 'right' as const,
            render: (_: unknown, r: ApplyLineView) =>
              draft ? (
                <Space size={4} wrap={false}>
                  {!r.dropped && (
                    <Button type="link" size="small" className="line-edit" onClick={() => setEditing(r)}>
                      编辑
                    </Button>
                  )}
                  {r.dropped ? (
                    <Button type="link" size="small" className="line-restore" loading={restore.pendingArgs?.[0] === r} onClick={() => void restore.run(r)}>
                      恢复
                    </Button>
                  ) : (
                    <Button type="link" size="small" danger className="line-drop" loading={drop.pendingArgs?.[0] === r} onClick={() => void drop.run(r)}>
                      不申报
                    </Button>
                  )}
                </Space>
              ) : r.id !== null && r.result === 0 && !r.dropped && a.status !== APPLY_STATUS.withdrawn ? (
                <Button type="link" size="small" className="line-result" onClick={() => setRecording(r)}>
                  登记结果
                </Button>
              ) : null,
          },
        ]
      : []),
  ];

  const actions = (
    <>
      {draft && canEdit && canPick && (
        <Button className="line-add" onClick={() => setEditing('new')}>
          添加人员
        </Button>
      )}
      {draft && canEdit && a.daysLeft < 0 && (
        <Button
          className="apply-carry-over"
          loading={carryOver.pending}
          onClick={() => confirm('逾期转下月?', `本月申报已过截止日（${a.deadline}），未申报的人员将转入下月申报，并按所欠月份生成补缴。`, () => carryOver.run())}
        >
          逾期转下月
        </Button>
      )}
      {draft && canEdit && (
        <Button type="primary" className="apply-submit" loading={submit.pending} disabled={declared.length === 0} onClick={() => confirm('确认提交申报?', submitConfirmText(a.lines), () => submit.run())}>
          提交申报
        </Button>
      )}
      {submitted && (
        <Button className="apply-export" loading={exporter.pending === 'apply'} onClick={() => void exporter.start('apply', () => siCalls.exportApply(a.id))}>
          导出申报文件
        </Button>
      )}
      {submitted && canEdit && a.status !== APPLY_STATUS.succeeded && (
        <Button type="primary" className="apply-import" onClick={() => setImporting(true)}>
          导入办理结果
        </Button>
      )}
      {submitted && canEdit && a.counts.failure > 0 && (
        <Button className="apply-retry" loading={retry.pending} onClick={() => confirm('失败人员转下月重报?', `${a.counts.failure} 名办理失败的人员将加入下月申报草稿，请先按失败原因核对信息。`, () => retry.run())}>
          失败人员转下月重报
        </Button>
      )}
      {a.status === APPLY_STATUS.submitted && canEdit && (
        <Button danger className="apply-withdraw" loading={withdraw.pending} onClick={() => confirm('确认撤回申报?', '撤回后本申报单作废，可重新办理本月申报；如已在社保网站办理，请勿撤回。', () => withdraw.run(), true)}>
          撤回申报
        </Button>
      )}
    </>
  );

  return (
    <Flex vertical gap={16} className="apply-detail-page">
      <PageHeader
        title={`${a.entityName} · ${a.month} 社保申报`}
        description={
          <Flex gap={16} wrap align="center">
            <StatusTag tone={applyStatusTone(a.status)}>{applyStatusLabel(a.status)}</StatusTag>
            <span>
              截止日期 {a.deadline}
              {draft && (
                <span className="apply-deadline" style={{ marginInlineStart: 8, color: due.overdue ? '#cf1322' : undefined }}>
                  {due.text}
                </span>
              )}
            </span>
            {a.submittedAt && (
              <span>
                {a.submittedBy ?? ''} 提交于 {formatDateTime(a.submittedAt)}
              </span>
            )}
          </Flex>
        }
        extra={actions}
      />
      {a.portalNote && <Alert type="info" showIcon title={a.portalNote} className="apply-portal-note" />}
      <Panel>
        <Descriptions
          size="small"
          column={{ xs: 1, md: 2, xl: 4 }}
          className="apply-facts"
          items={[
            { key: 'entity', label: '参保主体', children: a.entityName },
            { key: 'city', label: '参保城市', children: a.city },
            { key: 'si', label: '社保登记号', children: a.siAccountNo || '—' },
            { key: 'hf', label: '公积金账号', children: a.hfAccountNo || '—' },
            { key: 'kinds', label: '申报明细', children: `增员 ${a.counts.join} · 减员 ${a.counts.leave} · 调基 ${a.counts.base} · 补缴 ${a.counts.backPay}` },
            {
              key: 'results',
              label: '办理结果',
              children: (
                <span className="apply-results">
                  成功 <b style={{ color: '#389e0d' }}>{a.counts.success}</b> · 失败 <b style={{ color: a.counts.failure ? '#cf1322' : undefined }}>{a.counts.failure}</b> · 待反馈 {a.counts.pending}
                </span>
              ),
            },
          ]}
        />
      </Panel>
      <Panel
        title="申报明细"
        extra={
          <Segmented
            value={show}
            onChange={(v) => setShow(v as 'declared' | 'dropped')}
            className="line-filter"
            options={[
              { value: 'declared', label: `申报 ${declared.length} 条` },
              { value: 'dropped', label: `不申报 ${dropped.length} 条` },
            ]}
          />
        }
      >
        <Table<ApplyLineView>
          rowKey={lineKey}
          size="middle"
          className="line-table"
          loading={refreshing}
          scroll={{ x: 1700 }}
          columns={columns}
          dataSource={rows}
          rowClassName={(r) => (r.dropped ? 'line-dropped' : '')}
          onRow={(r) => (r.dropped ? { style: { color: 'rgba(0,0,0,0.35)' } } : {})}
          pagination={{ pageSize: 20, showTotal: (t) => `共 ${t} 条`, hideOnSinglePage: true }}
          locale={{ emptyText: show === 'dropped' ? '没有设为不申报的人员' : '本月暂无需要申报的人员' }}
        />
      </Panel>
      <LineModal
        open={editing !== null}
        apply={a}
        line={editing === 'new' ? null : editing}
        manual={editing === 'new'}
        onClose={() => setEditing(null)}
        onSubmit={saveLine.run}
      />
      <ResultModal line={recording} onClose={() => setRecording(null)} onSubmit={(v) => saveResult.run(recording!, v)} />
      <ResultImportModal open={importing} onClose={() => setImporting(false)} onImport={importResult.run} />
    </Flex>
  );
}
