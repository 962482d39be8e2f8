import type { CustodyWorkerRow, DismissSave, OrderSave } from '@wfsaas/contracts';
import { AutoComplete, Col, DatePicker, Form, Input, InputNumber, Row, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { FormModal } from '../../app/ui/FormOverlay.tsx';

type OrderValues = { post: string; headcount: number | null; pay: string; startDate: Dayjs | null; requirements: string };
type DismissValues = { placementIds: number[]; reason: string; lastDay: Dayjs | null };

const MONEY = /^\d{1,12}(\.\d{1,2})?$/;

/** 发起补岗: post, headcount, pay, start date and requirements, sent to the provider. */
export function OrderModal({ open, posts, onClose, onSubmit }: { open: boolean; posts: readonly string[]; onClose: () => void; onSubmit: (body: Omit<OrderSave, 'id' | 'clientId'>) => Promise<unknown> }) {
  return (
    <FormModal<OrderValues>
      title="发起补岗"
      open={open}
      width={640}
      onClose={onClose}
      values={{ post: '', headcount: 1, pay: '', startDate: null, requirements: '' }}
      onSubmit={(v) =>
        onSubmit({ post: v.post.trim(), headcount: v.headcount ?? 1, pay: v.pay.trim(), startDate: v.startDate!.format('YYYY-MM-DD'), requirements: (v.requirements ?? '').trim() })
      }
      okText="提交"
      okClassName="custody-order-save"
      className="custody-order-dialog"
    >
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item name="post" label="岗位" extra="须为协议约定的可派驻岗位" rules={[{ required: true, whitespace: true, message: '请输入岗位' }, { max: 40, message: '岗位不能超过40个字' }]}>
            <AutoComplete options={posts.map((p) => ({ value: p }))} placeholder="例如：分拣员" filterOption={(input, o) => String(o?.value ?? '').includes(input)} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="headcount" label="需求人数" rules={[{ required: true, message: '请输入需求人数' }]}>
            <InputNumber min={1} max={10_000} precision={0} addonAfter="人" style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="pay"
            label="薪资标准"
            rules={[{ required: true, whitespace: true, message: '请输入薪资标准' }, { pattern: MONEY, message: '应为金额，最多两位小数' }]}
          >
            <Input suffix="元/月" placeholder="例如：5200" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="startDate" label="期望到岗日期" rules={[{ required: true, message: '请选择期望到岗日期' }]}>
            <DatePicker format="YYYY-MM-DD" style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="requirements" label="岗位要求" rules={[{ max: 1000, message: '岗位要求不能超过1000个字' }]}>
            <Input.TextArea rows={4} maxLength={1000} showCount placeholder="年龄、技能、班次、工作地点等，选填" />
          </Form.Item>
        </Col>
      </Row>
    </FormModal>
  );
}

/** 发起退工: the active workers returned, the reason and the last working day. */
export function DismissModal({ open, workers, loading, onClose, onSubmit }: { open: boolean; workers: readonly CustodyWorkerRow[]; loading: boolean; onClose: () => void; onSubmit: (body: Omit<DismissSave, 'clientId'>) => Promise<unknown> }) {
  return (
    <FormModal<DismissValues>
      title="发起退工"
      open={open}
      width={640}
      onClose={onClose}
      values={{ placementIds: [], reason: '', lastDay: null }}
      onSubmit={(v) => onSubmit({ placementIds: v.placementIds, reason: v.reason.trim(), lastDay: v.lastDay!.format('YYYY-MM-DD') })}
      okText="提交"
      okClassName="custody-dismiss-save"
      className="custody-dismiss-dialog"
      intro={<p style={{ color: 'rgba(0,0,0,0.45)' }}>退回的人员由服务商重新派遣到其他用工单位或办理离职。</p>}
    >
      <Form.Item name="placementIds" label="退回人员" rules={[{ required: true, type: 'array', min: 1, message: '请选择退回的人员' }]}>
        <Select
          mode="multiple"
          loading={loading}
          placeholder={loading ? '正在读取在岗人员' : '选择在岗人员'}
          options={workers.map((w) => ({ value: w.placementId, label: `${w.name}（${w.post}）` }))}
          showSearch={{ optionFilterProp: 'label' }}
          notFoundContent="暂无在岗人员"
        />
      </Form.Item>
      <Form.Item name="reason" label="退工原因" rules={[{ required: true, whitespace: true, message: '请输入退工原因' }, { max: 200, message: '退工原因不能超过200个字' }]}>
        <Input.TextArea rows={3} maxLength={200} showCount placeholder="例如：项目结束，岗位不再需要" />
      </Form.Item>
      <Form.Item name="lastDay" label="最后工作日" rules={[{ required: true, message: '请选择最后工作日' }]}>
        <DatePicker format="YYYY-MM-DD" style={{ width: '100%' }} />
      </Form.Item>
    </FormModal>
  );
}

/** 驳回 with the reason the provider reads. */
export function ApproveRejectModal({ open, subject, onClose, onSubmit }: { open: boolean; subject: string; onClose: () => void; onSubmit: (remark: string) => Promise<unknown> | undefined }) {
  return (
    <FormModal<{ remark: string }>
      title="驳回工单"
      open={open}
      onClose={onClose}
      values={{ remark: '' }}
      onSubmit={(v) => onSubmit(v.remark.trim())}
      okText="驳回"
      okDanger
      okClassName="custody-reject-save"
      intro={<p>{subject}</p>}
    >
      <Form.Item name="remark" label="驳回原因" rules={[{ required: true, whitespace: true, message: '请输入驳回原因' }, { max: 200, message: '驳回原因不能超过200个字' }]}>
        <Input.TextArea rows={3} maxLength={200} showCount />
      </Form.Item>
    </FormModal>
  );
}
