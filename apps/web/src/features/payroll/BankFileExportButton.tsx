import { DownloadOutlined, DownOutlined } from '@ant-design/icons';
import { BANK_FILE_LAYOUTS, type BankFileLayoutKey } from '@wfsaas/contracts';
import { Button, Dropdown, Space, type ButtonProps } from 'antd';
import { payrollCalls } from './payroll.api.ts';
import type { usePayrollExport } from './use-payroll-export.tsx';

type Props = {
  runId: number | undefined;
  exports: ReturnType<typeof usePayrollExport>;
  /** The `pending` key of this button's export. */
  pendingKey: string;
  className: string;
  type?: ButtonProps['type'];
  size?: ButtonProps['size'];
  icon?: boolean;
  disabled?: boolean;
};

/** 导出银行代发文件: a click uses the default paying account's layout (支付配置), else 通用格式; the arrow picks a bank's layout. */
export function BankFileExportButton(p: Props) {
  const start = (layout: BankFileLayoutKey | undefined) => {
    if (p.runId !== undefined) void p.exports.start(p.pendingKey, () => payrollCalls.exportBankFile(p.runId!, layout));
  };
  const disabled = p.disabled || p.runId === undefined;
  return (
    <Space.Compact size={p.size}>
      <Button type={p.type} icon={p.icon ? <DownloadOutlined /> : undefined} className={p.className} disabled={disabled} loading={p.exports.pending === p.pendingKey} onClick={() => start(undefined)}>
        导出银行代发文件
      </Button>
      <Dropdown trigger={['click']} disabled={disabled} menu={{ items: BANK_FILE_LAYOUTS.map((l) => ({ key: l.key, label: l.key === 'generic' ? l.label : `${l.label}格式` })), onClick: (e) => start(e.key as BankFileLayoutKey) }}>
        <Button type={p.type} icon={<DownOutlined />} aria-label="选择代发文件格式" className={`${p.className}-layout`} disabled={disabled} />
      </Dropdown>
    </Space.Compact>
  );
}
