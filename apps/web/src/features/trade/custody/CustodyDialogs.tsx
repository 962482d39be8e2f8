import type { CustodySummary } from '@wfsaas/contracts';
import { DatePicker, Form, Input, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { FilePick } from '../../../app/ui/FilePick.tsx';
import { formatMoney } from '../../../app/ui/format.ts';
import { FormModal } from '../../../app/ui/FormOverlay.tsx';
import { useAction } from '../../../app/ui/use-action.ts';
import { PayeeDetails } from '../PayeeDetails.tsx';
import { custodyCalls, useInvalidateCustody, usePayoutRuns, type DepositForm } from './custody.api.ts';
import { depositAmountError } from './custody-format.ts';

/** The custody account's two dialogs: 登记充值 and 发起工资发放. */

type DepositValues = Omit<DepositForm, 'transferDate' | 'proof'> & { transferDate: Dayjs };

export function DepositModal({ open, summary: s, onClose }: { open: boolean; summary: CustodySummary | undefined; onClose: () => void }) {
  const invalidate = useInvalidateCustody();
  const [proof, setProof] = useState<File | null>(null);
  const add = useAction(custodyCalls.addDeposit, {
    success: '充值已登记，平台核对银行流水后到账',
    invalidate,
    onSuccess: () => {
      setProof(null);
      onClose();
    },
  });
  return (
    <FormModal<DepositValues>
      title="登记充值"
      open={open}
      onClose={onClose}
      okText="提交"
      okClassName="deposit-submit"
      okDisabled={proof === null}
      intro={
        s &&
        (s.receivingAccount ? (
          <p style={{ marginTop: 0, color: 'rgba(0,0,0,0.65)' }}>
            请先转账至平台收款账户：{s.receivingAccount.accountName}，{s.receivingAccount.bankName}，账号 {s.receivingAccount.accountNo}；再登记转账信息并上传银行回单。
          </p>
        ) : (
          <PayeeDetails payee={null} />
        ))
      }
      onSubmit={(v) => add.run({ amount: String(v.amount).trim(), reference: v.reference.trim(), payerName: v.payerName.trim(), transferDate: v.transferDate.format('YYYY-MM-DD'), proof: proof! })}
    >
      <Form.Item name="amount" label="充值金额（元）" rules={[{ validator: (_, v: string | undefined) => (depositAmountError(v) ? Promise.reject(new Error(depositAmountError(v)!)) : Promise.resolve()) }]}>
        <Input inputMode="decimal" placeholder="如 50000.00" />
      </Form.Item>
      <Form.Item
        name="reference"
        label="流水号"
        rules={[
          { required: true, whitespace: true, message: '请填写流水号' },
          { pattern: /^[0-9A-Za-z\-_]+$/, message: '流水号只能包含字母、数字、-、_' },
          { max: 64, message: '流水号不能超过64个字符' },
        ]}
      >
        <Input placeholder="银行回单上的交易流水号" />
      </Form.Item>
      <Form.Item name="payerName" label="付款账户名" rules={[{ required: true, whitespace: true, message: '请填写付款账户名' }, { max: 100, message: '付款账户名不能超过100个字符' }]}>
        <Input />
      </Form.Item>
      <Form.Item name="transferDate" label="转账日期" rules={[{ required: true, message: '请选择转账日期' }]}>
        <DatePicker style={{ width: '100%' }} disabledDate={(d) => d.isAfter(dayjs(), 'day')} />
      </Form.Item>
      <Form.Item label="转账凭证" required extra="银行回单截图或照片（png、jpg 等图片）">
        <FilePick value={proof} onChange={setProof} accept="image/*">
          选择图片
        </FilePick>
      </Form.Item>
    </FormModal>
  );
}

export function StartPayoutModal({ open, onClose, onStarted }: { open: boolean; onClose: () => void; onStarted: () => void }) {
  const runs = usePayoutRuns(open);
  const invalidate = useInvalidateCustody();
  const add = useAction(custodyCalls.addPayout, {
    success: (p) => `发放单 ${p.payoutNo} 已生成，请确认账单后付款`,
    invalidate,
    onSuccess: () => {
      onStarted();
      onClose();
    },
  });
  const options = (runs.data ?? []).map((r) => ({
    value: r.runId,
    disabled: r.payoutId !== null || r.headcount === 0,
    label: `${r.month} ${r.groupName}（${r.headcount}人，实发 ${formatMoney(r.net)}）${r.payoutId !== null ? ' · 已发起' : r.headcount === 0 ? ' · 无需发放' : ''}`,
  }));
  return (
    <FormModal<{ runId: number }> title="发起工资发放" open={open} onClose={onClose} okText="生成发放单" okClassName="payout-submit" onSubmit={(v) => add.run(v.runId)}>
      <p style={{ marginTop: 0, color: 'rgba(0,0,0,0.65)' }}>按已锁定的工资表生成发放单和代发账单（实发工资 + 代发服务费）；确认账单后可用托管账户余额支付。</p>
      <Form.Item name="runId" label="工资表" rules={[{ required: true, message: '请选择工资表' }]}>
        <Select loading={runs.isLoading} options={options} placeholder={runs.data && runs.data.length === 0 ? '暂无已锁定的工资表' : '请选择已锁定的工资表'} notFoundContent="暂无已锁定的工资表" />
      </Form.Item>
    </FormModal>
  );
}
