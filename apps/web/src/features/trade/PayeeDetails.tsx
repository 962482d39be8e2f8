import type { PlatformPayee } from '@wfsaas/contracts';
import { Alert, Descriptions } from 'antd';
import type { ReactNode } from 'react';

export const PAYEE_MISSING = '平台收款账户尚未配置，请联系平台运营人员获取收款账户后再转账';

/** The platform's receiving account for a transfer, or a plain statement that it is not configured. */
export function PayeeDetails({ payee, title, extra }: { payee: PlatformPayee | null | undefined; title?: ReactNode; extra?: ReactNode }) {
  if (payee === undefined) return null;
  if (payee === null) return <Alert className="payee-missing" type="warning" showIcon message={PAYEE_MISSING} style={{ marginBottom: 16 }} />;
  return (
    <Descriptions className="platform-payee" size="small" column={{ xs: 1, md: 2, xl: 4 }} title={title} style={{ marginBottom: 16 }}>
      <Descriptions.Item label="户名">{payee.accountName}</Descriptions.Item>
      <Descriptions.Item label="开户行">{payee.bankName}</Descriptions.Item>
      <Descriptions.Item label="账号">{payee.accountNo}</Descriptions.Item>
      {extra}
    </Descriptions>
  );
}
