import { APP_PRODUCTS, PLATFORM_COMPANY_NAME, type ServiceAgreementRow } from '@wfsaas/contracts';
import { Button, Form, Select, type TableColumnsType } from 'antd';
import { formatDate, formatMoney } from '../../../app/ui/format.ts';
import { text } from '../../../app/ui/list-query.ts';
import { ListScreen } from '../../../app/ui/ListScreen.tsx';
import { useAction } from '../../../app/ui/use-action.ts';
import { useListQuery } from '../../../app/ui/use-list-query.ts';
import { subsCalls, useAgreementPage } from './subscriptions.api.ts';
import { actionLabel } from './subs-format.ts';

/** 合同列表: the company's service agreements with the platform, one per paid price order, each downloadable as a PDF. */

const SCHEMA = { product: text };

export default function ContractListPage() {
  const query = useListQuery({ name: 'service-agreements', schema: SCHEMA });
  const list = useAgreementPage(query.params);
  const download = useAction(subsCalls.download);
  const columns: TableColumnsType<ServiceAgreementRow> = [
    { title: '协议编号', dataIndex: 'agreementNo', width: 150, fixed: 'left' },
    { title: '产品', key: 'product', width: 170, render: (_, r) => `${r.productName} · ${r.editionName}` },
    { title: '类型', dataIndex: 'action', width: 100, render: (a: ServiceAgreementRow['action']) => actionLabel(a) },
    { title: '人数/份数', key: 'qty', width: 100, render: (_, r) => (r.pack ? `${r.pack}份` : r.seats > 0 ? `${r.seats}人` : '—') },
    { title: '服务期', key: 'term', width: 210, render: (_, r) => `${formatDate(r.startDate)} 至 ${formatDate(r.endDate)}` },
    { title: '金额', dataIndex: 'amount', width: 120, align: 'right', render: (v: string) => formatMoney(v) },
    { title: '甲方', dataIndex: 'partyA', width: 220, ellipsis: true },
    { title: '乙方', dataIndex: 'partyB', width: 220, ellipsis: true },
    { title: '生效日期', dataIndex: 'signedAt', width: 110, render: (v: string) => formatDate(v) },
    {
      title: '操作',
      key: 'actions',
      width: 90,
      fixed: 'right',
      render: (_, r) => (
        <Button type="link" className="agreement-download" loading={download.pendingArgs?.[0].id === r.id} onClick={() => void download.run(r)}>
          下载
        </Button>
      ),
    },
  ];
  return (
    <ListScreen<ServiceAgreementRow, typeof SCHEMA>
      className="contract-list-page"
      title="合同列表"
      description={`本公司与${PLATFORM_COMPANY_NAME}签订的服务协议，订单付款生效后自动生成`}
      query={query}
      formName="service-agreements"
      fields={
        <Form.Item name="product" label="产品">
          <Select allowClear placeholder="全部产品" style={{ width: 200 }} options={APP_PRODUCTS.filter((p) => p.billing !== 'monthly').map((p) => ({ value: p.code, label: p.name }))} />
        </Form.Item>
      }
      table={{ rowKey: 'id', className: 'agreements-table', columns, result: list, empty: '暂无服务协议，在订阅中心购买服务并付款后生成', scroll: { x: 1500 } }}
    />
  );
}
