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

/** 导出银行代发文件: one click with a single layout, a layout menu when several banks' layouts exist. */
export function BankFileExportButton(p: Props) {
  const start = (layout: BankFileLayoutKey) => {
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
      onClick={BANK_FILE_LAYOUTS.length === 1 ? () => start(BANK_FILE_LAYOUTS[0].key) : undefined}
    >
      导出银行代发文件
    </Button>
  );
  if (BANK_FILE_LAYOUTS.length === 1) return button;
  return (
    <Dropdown trigger={['click']} menu={{ items: BANK_FILE_LAYOUTS.map((l) => ({ key: l.key, label: l.label })), onClick: (e) => start(e.key as BankFileLayoutKey) }}>
      {button}
    </Dropdown>
  );
}
