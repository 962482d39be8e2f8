import { CHANGE_REVIEW_TABS, CHANGE_STATUS, MAX_CHANGE_REMARK, REVIEWABLE_CHANGE_TYPES, type ChangeReviewResult, type ChangeReviewRow, type ChangeReviewTab, type ReviewableChangeType } from '@wfsaas/contracts';
import { App, Button, Flex, Form, Input, Select, Space, Tabs, type TableColumnsType } from 'antd';
import { useState, type ReactNode } from 'react';
import { EMPTY_TEXT, formatDate, formatDateTime } from '../../app/ui/format.ts';
import { FormModal } from '../../app/ui/FormOverlay.tsx';
import { oneOf, text } from '../../app/ui/list-query.ts';
import { ListTable } from '../../app/ui/ListTable.tsx';
import { Panel } from '../../app/ui/Panel.tsx';
import { StatusTag } from '../../app/ui/StatusTag.tsx';
import { useAction } from '../../app/ui/use-action.ts';
import { useListQuery, type ListQuery } from '../../app/ui/use-list-query.ts';
import { ChangeFormAnswers } from './ChangeFormFields.tsx';
import { ChangeTimelineDrawer } from './ChangeTimelineDrawer.tsx';
import { changeActionsColumn, handledColumn, nameColumn, RowAction } from './columns.tsx';
import { changeSummary, changeTone } from './conversion.ts';
import { lifecycleCalls, useChangeReviewCounts, useChangeReviews, useInvalidateLifecycle } from './lifecycle.api.ts';

const MUTED = { color: 'rgba(0,0,0,0.45)' } as const;

const SCHEMA = { type: oneOf(REVIEWABLE_CHANGE_TYPES.map((t) => t.key)), keyword: text, tab: oneOf(CHANGE_REVIEW_TABS.map((t) => t.key)) };
const DEFAULTS = { tab: 'pending' as ChangeReviewTab };

function resultText(r: ChangeReviewResult, verb: string): string {
  return r.failures.length === 0 ? `已${verb} ${r.done} 条` : `已${verb} ${r.done} 条，${r.failures.length} 条未能${verb}`;
}

/** Lists the changes a review left undone, with the reason of each. */
function showFailures(modal: ReturnType<typeof App.useApp>['modal'], r: ChangeReviewResult, verb: string) {
  if (r.failures.length === 0) return;
  modal.warning({
    title: resultText(r, verb),
    content: (
      <ul style={{ paddingInlineStart: 20, margin: 0 }}>
        {r.failures.map((f) => (
          <li key={f.changeId}>{f.message}</li>
        ))}
      </ul>
    ),
  });
}

/** 通过 (asked first) and 驳回 of one change or a selection: what was done is toasted, what was not is listed. */
function useReview(onDone: () => void) {
  const { modal } = App.useApp();
  const invalidate = useInvalidateLifecycle();
  const reported = (verb: string) => ({
    success: (r: ChangeReviewResult) => (r.done > 0 ? resultText(r, verb) : null),
    invalidate,
    onSuccess: (r: ChangeReviewResult) => {
      showFailures(modal, r, verb);
      onDone();
    },
  });
  const approveAction = useAction(lifecycleCalls.approveChanges, reported('通过'));
  const reject = useAction(lifecycleCalls.rejectChanges, reported('驳回'));
  const approve = (ids: number[]) =>
    modal.confirm({
      title: `确认审批通过 ${ids.length} 条异动？`,
      content: '到期的异动将立即生效，未到期的按生效日期生效。',
      okText: '通过',
      cancelText: '取消',
      onOk: () => approveAction.run(ids),
    });
  return { approve, reject: reject.run };
}

function reviewColumns(tab: ChangeReviewTab, actions: (r: ChangeReviewRow) => ReactNode, onTimeline: (r: ChangeReviewRow) => void): TableColumnsType<ChangeReviewRow> {
  return [
    nameColumn<ChangeReviewRow>(),
    { title: '部门', dataIndex: 'departmentName', width: 120, render: (v: string | null) => v ?? EMPTY_TEXT },
    { title: '异动类型', dataIndex: 'typeLabel', width: 100 },
    { title: '生效日期', dataIndex: 'effectiveDate', width: 110, render: (v: string) => formatDate(v) },
    {
      title: '异动内容',
      key: 'summary',
      width: 280,
      render: (_: unknown, r) => (
        <div>
          {changeSummary(r)}
          <ChangeFormAnswers form={r.form} />
        </div>
      ),
    },
    { title: '状态', key: 'status', width: 90, render: (_: unknown, r) => <StatusTag tone={changeTone(r)}>{r.statusLabel}</StatusTag> },
    handledColumn<ChangeReviewRow>(),
    { title: '审批方案', key: 'plan', width: 180, render: (_: unknown, r) => (r.plan ? <span className="change-plan-cell">{r.plan.planName}<div style={{ ...MUTED, fontSize: 12 }}>审批人：{r.plan.approverNames.join('、')}</div></span> : EMPTY_TEXT) },
    ...(tab === 'pending'
      ? []
      : [
          {
            title: '审批',
            key: 'review',
            width: 200,
            render: (_: unknown, r: ChangeReviewRow) => (
              <span>
                {r.reviewedByName ?? EMPTY_TEXT}
                {r.reviewedAt && <span style={{ ...MUTED, fontSize: 12, marginInlineStart: 6 }}>{formatDateTime(r.reviewedAt)}</span>}
                {r.reviewRemark && <div style={{ ...MUTED, fontSize: 12 }}>{r.status === 4 ? '驳回原因' : '意见'}：{r.reviewRemark}</div>}
              </span>
            ),
          },
        ]),
    changeActionsColumn<ChangeReviewRow>(170, actions, onTimeline),
  ];
}

type ReviewQuery = ListQuery<typeof SCHEMA>;

/** The type and keyword filters, and the batch buttons on the pending tab. */
function ReviewToolbar({ query, batch, selected, onApprove, onReject }: { query: ReviewQuery; batch: boolean; selected: number[]; onApprove: () => void; onReject: () => void }) {
  return (
    <Flex gap={12} wrap style={{ marginBottom: 12 }}>
      <Select<ReviewableChangeType>
        allowClear
        placeholder="全部异动类型"
        style={{ width: 160 }}
        value={query.filters.type}
        onChange={(v) => query.search({ type: v })}
        options={REVIEWABLE_CHANGE_TYPES.map((t) => ({ value: t.key, label: t.label }))}
        aria-label="异动类型"
      />
      <Input.Search allowClear placeholder="姓名或工号" maxLength={50} style={{ width: 220 }} defaultValue={query.filters.keyword} onSearch={(v) => query.search({ keyword: v })} />
      {batch && (
        <Space>
          <Button type="primary" disabled={selected.length === 0} onClick={onApprove} className="approve-selected">
            批量通过{selected.length ? `（${selected.length}）` : ''}
          </Button>
          <Button danger disabled={selected.length === 0} onClick={onReject}>
            批量驳回
          </Button>
        </Space>
      )}
    </Flex>
  );
}

/** The review list: changes waiting for review (approve or reject, one or a selection), and those reviewed. */
export function ReviewPanel({ canReview }: { canReview: boolean }) {
  const query = useListQuery({ name: 'changeReviews', schema: SCHEMA, defaults: DEFAULTS });
  const tab: ChangeReviewTab = query.filters.tab ?? 'pending';
  const [selected, setSelected] = useState<number[]>([]);
  const [rejecting, setRejecting] = useState<number[] | null>(null);
  const [viewing, setViewing] = useState<ChangeReviewRow | null>(null);
  const filters = { type: query.params.type, keyword: query.params.keyword };
  const list = useChangeReviews({ ...query.page, ...filters, tab });
  const counts = useChangeReviewCounts(filters);
  const { approve, reject } = useReview(() => {
    setSelected([]);
    setRejecting(null);
  });
  const batch = canReview && tab === 'pending';
  const columns = reviewColumns(
    tab,
    (r) =>
      canReview &&
      r.status === CHANGE_STATUS.pendingReview &&
      r.plan?.canReview !== false && (
        <>
          <RowAction onClick={() => approve([r.id])}>通过</RowAction>
          <RowAction danger onClick={() => setRejecting([r.id])}>
            驳回
          </RowAction>
        </>
      ),
    setViewing,
  );

  return (
    <Panel title="异动审批">
      <ReviewToolbar query={query} batch={batch} selected={selected} onApprove={() => approve(selected)} onReject={() => setRejecting(selected)} />
      <Tabs
        activeKey={tab}
        onChange={(k) => {
          setSelected([]);
          query.search({ tab: k as ChangeReviewTab });
        }}
        items={CHANGE_REVIEW_TABS.map((t) => ({ key: t.key, label: `${t.label}${counts.data ? ` ${counts.data[t.key]}` : ''}` }))}
      />
      <ListTable<ChangeReviewRow, typeof SCHEMA>
        query={query}
        result={list}
        rowKey="id"
        className="change-review-table"
        columns={columns}
        scroll={{ x: 1580 }}
        rowSelection={batch ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) } : undefined}
        empty={tab === 'pending' ? '没有待审批的异动' : '暂无记录'}
      />
      {rejecting && <RejectDialog count={rejecting.length} onClose={() => setRejecting(null)} onSubmit={(reason) => reject(rejecting, reason)} />}
      <ChangeTimelineDrawer employee={viewing ? { id: viewing.employeeId, name: viewing.name } : null} onClose={() => setViewing(null)} />
    </Panel>
  );
}

function RejectDialog({ count, onClose, onSubmit }: { count: number; onClose: () => void; onSubmit: (reason: string) => Promise<unknown> }) {
  return (
    <FormModal<{ reason?: string }> open title={`驳回 ${count} 条异动`} okText="驳回" okDanger onClose={onClose} onSubmit={(v) => onSubmit(v.reason!.trim())}>
      <Form.Item name="reason" label="驳回原因" rules={[{ required: true, whitespace: true, message: '请填写驳回原因' }]}>
        <Input.TextArea rows={3} maxLength={MAX_CHANGE_REMARK} showCount placeholder="办理人可在异动记录中看到驳回原因" />
      </Form.Item>
    </FormModal>
  );
}
