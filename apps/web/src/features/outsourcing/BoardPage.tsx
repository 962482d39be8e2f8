import type { BoardClientRow, ClientView } from '@wfsaas/contracts';
import { App, Button, Col, DatePicker, Empty, Flex, Progress, Row, Space, Statistic, Table, Tabs, Tag, Tooltip, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { usePermissions } from '../../app/routing/PermissionContext.ts';
import { confirmDelete } from '../../app/ui/confirm-delete.ts';
import { formatMoney } from '../../app/ui/format.ts';
import { month, oneOf } from '../../app/ui/list-query.ts';
import { PageHeader } from '../../app/ui/PageHeader.tsx';
import { Panel } from '../../app/ui/Panel.tsx';
import { StatusTag } from '../../app/ui/StatusTag.tsx';
import { useAction } from '../../app/ui/use-action.ts';
import { useListQuery } from '../../app/ui/use-list-query.ts';
import { chinaMonth } from '../payroll/payroll-format.ts';
import { BillsPanel, ProviderBillDrawer } from './BillsPanel.tsx';
import { ClientDrawer } from './ClientDrawer.tsx';
import { OS_PERMISSIONS as P, osCalls, useBoard, useClients, useInvalidateOs } from './os.api.ts';
import { agreementState, billStatusLabel, billStatusTone, clientKindColor, clientKindLabel, ratioBar, TONE_COLOR } from './os-format.ts';

const TABS = ['clients', 'bills'] as const;
const SCHEMA = { month, tab: oneOf(TABS) };
const DEFAULTS = { tab: 'clients' as const };

/** /outsourcingLabor/initiateIndex (外包看板): the month per client — placed, joining, leaving, orders, dispatch ratio, bill — and the month's bills. */
export default function BoardPage() {
  const { modal } = App.useApp();
  const { map } = usePermissions();
  const canEditClient = map[P.clientEdit] === true;
  const query = useListQuery({ name: 'os-board', schema: SCHEMA, defaults: DEFAULTS });
  const m = query.filters.month?.format('YYYY-MM') ?? chinaMonth();
  const tab = query.filters.tab ?? 'clients';
  const board = useBoard(m);
  const clients = useClients();
  const invalidate = useInvalidateOs();
  const [editing, setEditing] = useState<ClientView | 'new' | null>(null);
  const [billId, setBillId] = useState<number | null>(null);
  const save = useAction(osCalls.saveClient, { success: '保存成功', invalidate, onSuccess: () => setEditing(null) });
  const remove = useAction(osCalls.removeClient, { success: '删除成功', invalidate });
  const byId = new Map((clients.data ?? []).map((c) => [c.id, c]));
  const totals = board.data?.totals;

  const columns: TableColumnsType<BoardClientRow> = [
    {
      title: '用工单位',
      dataIndex: 'clientName',
      width: 240,
      fixed: 'left',
      render: (v: string, r) => (
        <Space size={4} wrap>
          <span>{v}</span>
          <Tag color={clientKindColor(r.kind)}>{clientKindLabel(r.kind)}</Tag>
        </Space>
      ),
    },
    {
      title: '协议到期',
      dataIndex: 'agreementEnd',
      width: 170,
      render: (v: string, r) => {
        const s = agreementState(r.agreementDaysLeft);
        return (
          <span className="agreement-end">
            {v}
            <span style={{ marginInlineStart: 8, color: TONE_COLOR[s.tone] ?? 'rgba(0,0,0,0.45)' }} data-tone={s.tone}>
              {s.text}
            </span>
          </span>
        );
      },
    },
    { title: '在岗', dataIndex: 'placed', width: 70, align: 'right' },
    { title: '本月入职', dataIndex: 'joiningThisMonth', width: 90, align: 'right' },
    { title: '本月离岗', dataIndex: 'leavingThisMonth', width: 90, align: 'right' },
    {
      title: '补岗单',
      dataIndex: 'openOrders',
      width: 90,
      align: 'right',
      render: (v: number, r) => (
        <Tooltip title={`待处理补岗单 ${v} 张，退工单 ${r.openDismissals} 张`}>
          <span style={{ color: v > 0 ? '#1677ff' : undefined }}>{v}</span>
        </Tooltip>
      ),
    },
    {
      title: '派遣比例',
      key: 'ratio',
      width: 200,
      render: (_: unknown, r) => {
        if (!r.ratio) return <span style={{ color: 'rgba(0,0,0,0.45)' }}>不适用</span>;
        const bar = ratioBar(r.ratio);
        return (
          <Tooltip title={r.ratio.message ?? `派遣 ${r.ratio.dispatched} 人 / 用工总量 ${r.ratio.total} 人，上限 10%`}>
            <Progress percent={bar.percent} strokeColor={bar.color} size="small" format={() => bar.text} className="dispatch-ratio" data-level={r.ratio.level} />
          </Tooltip>
        );
      },
    },
    {
      title: '本月账单',
      key: 'bill',
      width: 190,
      render: (_: unknown, r) =>
        r.bill ? (
          <Space size={8}>
            <a className="money" onClick={() => setBillId(r.bill!.billId)}>
              {formatMoney(r.bill.total)}
            </a>
            <StatusTag tone={billStatusTone(r.bill.status)}>{billStatusLabel(r.bill.status)}</StatusTag>
          </Space>
        ) : (
          <span style={{ color: 'rgba(0,0,0,0.45)' }}>未生成</span>
        ),
    },
    ...(canEditClient
      ? [
          {
            title: '操作',
            key: 'actions',
            width: 120,
            fixed: 'right' as const,
            render: (_: unknown, r: BoardClientRow) => {
              const c = byId.get(r.clientId);
              return (
                <Space size={4} wrap={false}>
                  <Button type="link" size="small" className="client-edit" disabled={!c} onClick={() => c && setEditing(c)}>
                    编辑
                  </Button>
                  <Button
                    type="link"
                    size="small"
                    danger
                    onClick={() => confirmDelete(modal, () => remove.run(r.clientId), r.placed > 0 ? `「${r.clientName}」还有 ${r.placed} 名在岗人员，请先办理离岗。` : `删除用工单位「${r.clientName}」。`)}
                  >
                    删除
                  </Button>
                </Space>
              );
            },
          },
        ]
      : []),
  ];

  const cards: [string, number | undefined][] = [
    ['在岗', totals?.placed],
    ['本月入职', totals?.joining],
    ['本月离岗', totals?.leaving],
    ['待处理补岗单', totals?.openOrders],
    ['用工单位', totals?.clients],
  ];

  return (
    <Flex vertical gap={16} className="os-board-page">
      <PageHeader
        title="外包看板"
        description="按用工单位查看本月在岗、入离职、补岗单、劳务派遣比例和客户月度账单。"
        extra={
          <>
            <DatePicker picker="month" format="YYYY-MM" allowClear={false} value={dayjs(`${m}-01`)} onChange={(d) => d && query.search({ month: d })} className="os-board-month" />
            {canEditClient && (
              <Button type="primary" className="client-create" onClick={() => setEditing('new')}>
                新增用工单位
              </Button>
            )}
          </>
        }
        footer={<Tabs activeKey={tab} onChange={(k) => query.search({ tab: k as (typeof TABS)[number] })} items={[{ key: 'clients', label: '用工单位' }, { key: 'bills', label: '账单' }]} className="os-board-tabs" style={{ marginBottom: -16 }} />}
      />
      {tab === 'clients' ? (
        <>
          <Row gutter={16} className="os-board-totals">
            {cards.map(([title, v]) => (
              <Col key={title} flex="1">
                <Panel bodyStyle={{ padding: '16px 24px' }}>
                  <Statistic title={title} value={v ?? '—'} loading={board.isLoading} />
                </Panel>
              </Col>
            ))}
          </Row>
          <Panel title={`${board.data?.month ?? m} 用工单位`}>
            <Table<BoardClientRow>
              rowKey="clientId"
              size="middle"
              className="os-board-table"
              scroll={{ x: 1380 }}
              loading={board.isFetching}
              dataSource={board.data?.clients ?? []}
              columns={columns}
              pagination={{ pageSize: 10, showTotal: (t) => `共 ${t} 条`, hideOnSinglePage: true }}
              locale={{
                emptyText: (
                  <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={canEditClient ? '暂无用工单位，点击新增用工单位' : '暂无用工单位'}>
                    {canEditClient && (
                      <Button type="primary" onClick={() => setEditing('new')}>
                        新增用工单位
                      </Button>
                    )}
                  </Empty>
                ),
              }}
            />
          </Panel>
        </>
      ) : (
        <BillsPanel month={m} clients={clients.data ?? []} onOpen={setBillId} />
      )}
      <ClientDrawer open={editing !== null} client={editing === 'new' ? null : editing} onClose={() => setEditing(null)} onSubmit={save.run} />
      <ProviderBillDrawer billId={billId} onClose={() => setBillId(null)} />
    </Flex>
  );
}
