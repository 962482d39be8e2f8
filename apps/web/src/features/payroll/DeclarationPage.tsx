import type { DeclarationView } from '@wfsaas/contracts';
import { App, Button, Empty, Flex, Select, Space, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { usePermissions } from '../../app/routing/PermissionContext.ts';
import { formatDateTime, formatMoney } from '../../app/ui/format.ts';
import { PageHeader } from '../../app/ui/PageHeader.tsx';
import { Panel } from '../../app/ui/Panel.tsx';
import { StatusTag } from '../../app/ui/StatusTag.tsx';
import { useAction } from '../../app/ui/use-action.ts';
import { PAYROLL_PERMISSIONS as P, payrollCalls, useDeclarations, useInvalidatePayroll } from './payroll.api.ts';
import { usePayrollExport } from './use-payroll-export.tsx';

/** /generationexpend/declarationRecords (申报记录): each month's withholding declaration, its file and its status. */
export default function DeclarationPage() {
  const { modal } = App.useApp();
  const { map } = usePermissions();
  const canEdit = map[P.declarationEdit] === true;
  const thisYear = new Date().getFullYear();
  const [year, setYear] = useState(thisYear);
  const list = useDeclarations(year);
  const invalidate = useInvalidatePayroll();
  const exports = usePayrollExport();
  const setStatus = useAction(payrollCalls.setDeclarationStatus, { success: (_r, _month, status) => (status === 1 ? '已标记为已申报' : '已改为未申报'), invalidate });

  const columns: TableColumnsType<DeclarationView> = [
    { title: '所属月份', dataIndex: 'month', width: 100 },
    { title: '申报状态', dataIndex: 'status', width: 110, render: (v: number, r) => <StatusTag tone={v === 1 ? 'success' : 'pending'}>{r.statusLabel}</StatusTag> },
    { title: '工资表', dataIndex: 'runCount', width: 90, align: 'right', render: (v: number) => `${v} 份` },
    { title: '申报人数', dataIndex: 'headcount', width: 100, align: 'right' },
    { title: '本期收入', dataIndex: 'income', width: 140, align: 'right', render: (v: string) => <span className="money">{formatMoney(v)}</span> },
    { title: '应扣缴税额', dataIndex: 'tax', width: 130, align: 'right', render: (v: string) => <span className="money">{formatMoney(v)}</span> },
    { title: '申报时间', dataIndex: 'declaredAt', width: 150, render: formatDateTime },
    {
      title: '操作',
      key: 'a',
      width: 240,
      fixed: 'right',
      render: (_: unknown, r) => (
        <Space size={4}>
          <Button type="link" size="small" className="declaration-export" loading={exports.pending === r.month} onClick={() => void exports.start(r.month, () => payrollCalls.exportDeclaration(r.month))}>
            导出申报文件
          </Button>
          {canEdit && r.status === 0 && (
            <Button
              type="link"
              size="small"
              className="declaration-mark"
              onClick={() =>
                modal.confirm({
                  title: `确认${r.month}已在自然人电子税务局申报?`,
                  okText: '确定',
                  cancelText: '取消',
                  onOk: () => setStatus.run(r.month, 1),
                })
              }
            >
              标记已申报
            </Button>
          )}
          {canEdit && r.status === 1 && (
            <Button type="link" size="small" onClick={() => modal.confirm({ title: `确认将${r.month}改为未申报?`, okText: '确定', cancelText: '取消', onOk: () => setStatus.run(r.month, 0) })}>
              改为未申报
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Flex vertical gap={16} className="declaration-page">
      <PageHeader
        title="申报记录"
        description="按月汇总已锁定或已提交薪资批次的工资薪金所得，导出「正常工资薪金所得」申报表（在下载中心生成），在自然人电子税务局（扣缴端）导入申报。"
        extra={<Select value={year} style={{ width: 120 }} onChange={setYear} options={[thisYear + 1, thisYear, thisYear - 1, thisYear - 2].map((y) => ({ value: y, label: `${y}年` }))} />}
      />
      <Panel>
        <Table<DeclarationView>
          rowKey="month"
          size="middle"
          className="declaration-table"
          scroll={{ x: 1060 }}
          loading={list.isFetching}
          dataSource={list.data ?? []}
          columns={columns}
          pagination={false}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={`${year}年暂无需要申报的月份，提交工资表后在此生成`} /> }}
        />
      </Panel>
    </Flex>
  );
}
