import { WORK_ORDER_EDIT, type WorkOrderDetail } from '@wfsaas/contracts';
import { Alert, App, Button, Descriptions, Flex, Input, Rate, Result, Spin, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { usePermissions } from '../../../app/routing/PermissionContext.ts';
import { confirmDelete } from '../../../app/ui/confirm-delete.ts';
import { formatDateTime } from '../../../app/ui/format.ts';
import { PageHeader } from '../../../app/ui/PageHeader.tsx';
import { Panel } from '../../../app/ui/Panel.tsx';
import { StatusTag } from '../../../app/ui/StatusTag.tsx';
import { useAction } from '../../../app/ui/use-action.ts';
import { FileLinks, MessageThread, ReplyBox } from './Conversation.tsx';
import { idParam, workOrderStatusTone } from './work-order-format.ts';
import { useInvalidateWorkOrders, useWorkOrderDetail, workOrderCalls } from './work-orders.api.ts';

const LIST_PATH = '/orderManagement';

/** /managementDetail/:id/:name (工单详情): the ticket, its conversation with the platform, the company's actions and the rating. */
export default function WorkOrderDetailPage() {
  const { id: raw } = useParams();
  const id = idParam(raw);
  const detail = useWorkOrderDetail(id);
  const navigate = useNavigate();
  if (id !== null && detail.isLoading) return <Spin style={{ display: 'block', margin: '80px auto' }} />;
  if (!detail.data)
    return (
      <Result
        status="404"
        title="工单不存在"
        subTitle="该工单可能已删除、不属于当前公司，或地址有误。"
        extra={
          <Button type="primary" onClick={() => navigate(LIST_PATH)}>
            返回工单管理
          </Button>
        }
      />
    );
  return <TicketView w={detail.data} />;
}

function TicketView({ w }: { w: WorkOrderDetail }) {
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const { map } = usePermissions();
  const canEdit = map[WORK_ORDER_EDIT] === true;
  const invalidate = useInvalidateWorkOrders();
  const can = (a: WorkOrderDetail['actions'][number]) => canEdit && w.actions.includes(a);
  const confirm = useAction(() => workOrderCalls.confirm(w.id), { success: '工单已完结，欢迎评价', invalidate });
  const close = useAction(() => workOrderCalls.close(w.id), { success: '工单已关闭', invalidate });
  const remove = useAction(() => workOrderCalls.remove(w.id), { success: '工单已删除', invalidate, onSuccess: () => navigate(LIST_PATH) });
  const lock = useAction((locked: boolean) => workOrderCalls.lock(w.id, locked), { success: (r) => (r.locked ? '工单已锁定' : '工单已解锁'), invalidate });
  const reply = useAction((content: string, files: File[]) => workOrderCalls.reply(w.id, content, files), { success: '回复已发送', invalidate });
  const download = useAction((f: Parameters<typeof workOrderCalls.download>[1]) => workOrderCalls.download(w.id, f));

  return (
    <Flex vertical gap={16} className="work-order-detail-page">
      <PageHeader
        title={`工单 ${w.orderNo}`}
        description={
          <Flex gap={8} wrap align="center">
            <StatusTag tone={workOrderStatusTone(w.status)}>{w.statusLabel}</StatusTag>
            {w.locked && <Tag color="red">已锁定</Tag>}
            <span className="work-order-title">{w.title}</span>
          </Flex>
        }
        extra={
          <>
            {can('confirm') && (
              <Button type="primary" className="work-order-confirm" loading={confirm.pending} onClick={() => modal.confirm({ title: '确认问题已解决？', content: '确认后工单完结，不能再回复，可以对本次服务进行评价。', okText: '确认完结', cancelText: '取消', onOk: () => confirm.run() })}>
                确认已解决
              </Button>
            )}
            {can('close') && (
              <Button className="work-order-close" loading={close.pending} onClick={() => modal.confirm({ title: '关闭工单？', content: '关闭后平台不再处理，如仍有问题需新建工单。', okText: '关闭工单', cancelText: '取消', onOk: () => close.run() })}>
                关闭工单
              </Button>
            )}
            {can('delete') && (
              <Button danger className="work-order-delete" onClick={() => confirmDelete(modal, () => remove.run(), `删除工单「${w.title}」？`)}>
                删除
              </Button>
            )}
            {canEdit && (w.status <= 3 || w.locked) && (
              <Button className="work-order-lock" loading={lock.pending} onClick={() => void lock.run(!w.locked)}>
                {w.locked ? '解锁' : '锁定'}
              </Button>
            )}
          </>
        }
      />
      {w.locked && <Alert type="warning" showIcon title="工单已锁定：锁定期间不能回复、修改或评价，解锁后恢复。" />}
      {w.status === 3 && !w.locked && <Alert type="info" showIcon className="work-order-to-confirm" title="平台已处理完毕，请确认问题是否解决；如未解决，可直接回复，工单将回到处理中。" />}
      <Panel title="工单信息">
        <Descriptions
          size="small"
          column={{ xs: 1, md: 2, xl: 3 }}
          className="work-order-facts"
          items={[
            { key: 'category', label: '工单类型', children: w.categoryLabel },
            { key: 'by', label: '提交人', children: w.createdByName },
            { key: 'at', label: '提交时间', children: formatDateTime(w.createdAt) },
            { key: 'phone', label: '联系电话', children: w.contactPhone || '—' },
            { key: 'related', label: '关联记录', children: w.related ? `${w.related.typeLabel}：${w.related.label}` : '—' },
            { key: 'updated', label: '最近更新', children: formatDateTime(w.updatedAt) },
            { key: 'desc', label: '问题描述', span: 'filled', children: <div style={{ whiteSpace: 'pre-wrap' }}>{w.description}</div> },
            ...(w.files.length > 0 ? [{ key: 'files', label: '附件', span: 'filled' as const, children: <FileLinks files={w.files} onDownload={(f) => void download.run(f)} /> }] : []),
          ]}
        />
      </Panel>
      {w.status === 4 && <Evaluation w={w} canEdit={canEdit} />}
      <Panel title="沟通记录" className="work-order-conversation">
        <Flex vertical gap={20}>
          <MessageThread messages={w.messages} viewer="company" onDownload={(f) => void download.run(f)} />
          {can('reply') && <ReplyBox onSend={(content, files) => reply.run(content, files)} placeholder={w.status === 3 ? '问题未解决？说明情况后发送，工单将回到处理中' : '补充说明或回复平台客服'} />}
        </Flex>
      </Panel>
    </Flex>
  );
}

/** The rating of a finished ticket: given once, 1–5 stars with a comment. */
function Evaluation({ w, canEdit }: { w: WorkOrderDetail; canEdit: boolean }) {
  const invalidate = useInvalidateWorkOrders();
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const evaluate = useAction(() => workOrderCalls.evaluate(w.id, rating, comment.trim()), { success: '感谢您的评价', invalidate });
  if (w.rating !== null)
    return (
      <Panel title="服务评价" className="work-order-evaluation">
        <Flex vertical gap={4}>
          <Rate disabled value={w.rating} />
          {w.ratingComment && <Typography.Text>{w.ratingComment}</Typography.Text>}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            评价于 {formatDateTime(w.ratedAt)}
          </Typography.Text>
        </Flex>
      </Panel>
    );
  if (!canEdit || !w.actions.includes('evaluate')) return null;
  return (
    <Panel title="服务评价" className="work-order-evaluation">
      <Flex vertical gap={10} style={{ maxWidth: 560 }}>
        <Typography.Text type="secondary">工单已完结，请对本次服务进行评价（仅可评价一次）。</Typography.Text>
        <Rate value={rating} onChange={setRating} className="work-order-rate" />
        <Input.TextArea rows={2} maxLength={200} showCount value={comment} onChange={(e) => setComment(e.target.value)} placeholder="选填：说说您的感受" />
        <div>
          <Button type="primary" className="work-order-evaluate" disabled={rating === 0} loading={evaluate.pending} onClick={() => void evaluate.run()}>
            提交评价
          </Button>
        </div>
      </Flex>
    </Panel>
  );
}
