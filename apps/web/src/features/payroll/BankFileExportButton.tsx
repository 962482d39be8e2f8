import { DownloadOutlined } from '@ant-design/icons';
import { BANK_FILE_LAYOUTS, type BankFileLayoutKey } from '@wfsaas/contracts';
import { Button, Dropdown, type ButtonProps } from 'antd';
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

/** The default paying account's layout (支付配置), else 通用格式; then each bank's layout. */
const AUTO = 'auto';
const MENU = [{ key: AUTO, label: '默认付款账户的格式' }, ...BANK_FILE_LAYOUTS.map((l) => ({ key: l.key, label: l.label }))];

/** 导出银行代发文件: a menu of layouts, the default paying account's first. */
export function BankFileExportButton(p: Props) {
  const start = (layout: BankFileLayoutKey | undefined) => {
    if (p.runId !== undefined) void p.exports.start(p.pendingKey, () => payrollCalls.exportBankFile(p.runId!, layout));
  };
  const button = (
    <Button
      type={p.type}
      size={p.size}
      icon={p.icon ? <DownloadOutlined /> : undefined}
      className={p.className}
      disabled={p.disabled || p.runId === undefined}
      loading={p.exports.pending === p.pendingKey}
    >
      导出银行代发文件
    </Button>
  );
  return (
    <Dropdown trigger={['click']} menu={{ items: MENU, onClick: (e) => start(e.key === AUTO ? undefined : (e.key as BankFileLayoutKey)) }}>
      {button}
    </Dropdown>
  );
}
