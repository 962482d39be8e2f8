import type { OpeningImportResult, OpeningView } from '@wfsaas/contracts';
import { Alert, App, Button, Drawer, Empty, Flex, Input, Modal, Select, Table, Tooltip, Typography, Upload, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { usePermissions } from '../../app/routing/PermissionContext.ts';
import { confirmDelete } from '../../app/ui/confirm-delete.ts';
import { formatDateTime, formatMoney } from '../../app/ui/format.ts';
import { useAction } from '../../app/ui/use-action.ts';
import { openingCalls, useInvalidateOpenings, useOpenings } from './opening.api.ts';
import { openingAdditionalTotal, openingDeductionLines } from './opening-view.ts';
import { PAYROLL_PERMISSIONS as P } from './payroll.api.ts';
import { chinaMonth } from './payroll-format.ts';

const money = (v: string) => <span className="money">{formatMoney(v)}</span>;

/**
 * 期初累计数据: employees' cumulative wage figures of a year through a month, imported from the previous
 * payroll system or the withholding client, so the cumulative withholding here continues from them.
 */
export function OpeningBalancesDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { modal } = App.useApp();
  const { map } = usePermissions();
  const canEdit = map[P.runEdit] === true;
  const thisYear = Number(chinaMonth().slice(0, 4));
  const [year, setYear] = useState(thisYear);
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState({ pageNum: 1, pageSize: 10 });
  const [selected, setSelected] = useState<number[]>([]);
  const [result, setResult] = useState<OpeningImportResult | null>(null);
  const list = useOpenings({ year, keyword: keyword || undefined, ...page }, open);
  const invalidate = useInvalidateOpenings();
  const upload = useAction((file: File) => openingCalls.import(year, file), {
    invalidate,
    onSuccess: (r) => {
      setResult(r);
      setSelected([]);
    },
  });
  const removeSelected = useAction(() => openingCalls.remove(year, selected), {
    success: (r) => `已删除${r.removed}名员工的期初累计数据`,
    invalidate,
    onSuccess: () => setSelected([]),
  });

  const remove = () =>
    confirmDelete(
      modal,
      () => removeSelected.run(),
      `删除所选${selected.length}名员工${year}年的期初累计数据；之后计算的月份将不再从这些数据累计。`,
    );

  const columns: TableColumnsType<OpeningView> = [
    { title: '工号', dataIndex: 'employeeNo', width: 100, fixed: 'left', render: (v: string | null) => v ?? '—' },
    { title: '姓名', dataIndex: 'name', width: 90, fixed: 'left' },
    { title: '部门', dataIndex: 'departmentName', width: 120, ellipsis: true, render: (v: string | null) => v ?? '—' },
    { title: '截至月份', dataIndex: 'throughMonth', width: 90, render: (m: number) => `${m}月` },
    { title: '累计收入额', dataIndex: 'income', width: 120, align: 'right', render: money },
    { title: '累计免税收入', dataIndex: 'taxFreeIncome', width: 120, align: 'right', render: money },
    { title: '累计减除费用', dataIndex: 'basicDeduction', width: 120, align: 'right', render: money },
    { title: '累计专项扣除', dataIndex: 'specialDeduction', width: 120, align: 'right', render: money },
    {
      title: '累计专项附加扣除',
      key: 'additional',
      width: 140,
      align: 'right',
      render: (_: unknown, r) => {
        const lines = openingDeductionLines(r.deductions);
        const total = money(openingAdditionalTotal(r.deductions));
        return lines.length === 0 ? total : <Tooltip title={lines.map((l) => `${l.label} ${formatMoney(l.amount)}`).join('；')}>{total}</Tooltip>;
      },
    },
    { title: '累计个人养老金', key: 'pension', width: 130, align: 'right', render: (_: unknown, r) => money(r.deductions.personalPension ?? '0.00') },
    { title: '累计其他扣除', dataIndex: 'otherDeduction', width: 120, align: 'right', render: money },
    { title: '累计减免税额', dataIndex: 'taxRelief', width: 120, align: 'right', render: money },
    { title: '累计已预缴税额', dataIndex: 'taxWithheld', width: 130, align: 'right', render: money },
    { title: '来源文件', dataIndex: 'origin', width: 160, ellipsis: true },
    { title: '更新时间', dataIndex: 'updatedAt', width: 150, render: (v: string) => formatDateTime(v) },
  ];

  return (
    <Drawer title="期初累计数据" open={open} onClose={onClose} size={1360} destroyOnHidden className="opening-drawer">
      <Flex vertical gap={16}>
        <Typography.Text type="secondary">
          年中开始在本系统算薪时，导入员工本年度在本公司截至某月的累计收入、扣除和已预缴税额（可从原薪资系统或个人所得税扣缴客户端导出），之后各月的个税从这些数据接着累计预扣，个税申报表的累计专项附加扣除也包含它们。
        </Typography.Text>
        <Flex justify="space-between" gap={12} wrap>
          <Flex gap={12} wrap>
            <Select
              aria-label="年度"
              style={{ width: 120 }}
              value={year}
              onChange={(y) => {
                setYear(y);
                setSelected([]);
                setPage((p) => ({ ...p, pageNum: 1 }));
              }}
              options={[thisYear, thisYear - 1].map((y) => ({ value: y, label: `${y}年` }))}
            />
            <Input.Search
              allowClear
              placeholder="按姓名或工号搜索"
              style={{ width: 240 }}
              className="opening-search"
              onSearch={(v) => {
                setKeyword(v.trim());
                setPage((p) => ({ ...p, pageNum: 1 }));
              }}
            />
          </Flex>
          <Flex gap={8}>
            <Button className="opening-template" onClick={() => void openingCalls.template(year)}>
              下载模板
            </Button>
            {canEdit && (
              <>
                <Button danger disabled={selected.length === 0} onClick={remove} className="opening-remove">
                  删除{selected.length > 0 ? `（${selected.length}）` : ''}
                </Button>
                <Upload
                  accept=".xlsx"
                  showUploadList={false}
                  beforeUpload={(file) => {
                    void upload.run(file);
                    return false;
                  }}
                >
                  <Button type="primary" loading={upload.pending} className="opening-import">
                    导入{year}年期初数据
                  </Button>
                </Upload>
              </>
            )}
          </Flex>
        </Flex>
        <Table<OpeningView>
          rowKey="employeeId"
          size="middle"
          className="opening-table"
          loading={list.isFetching}
          dataSource={list.data?.data ?? []}
          columns={columns}
          scroll={{ x: 1900 }}
          rowSelection={canEdit ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) } : undefined}
          pagination={{
            current: page.pageNum,
            pageSize: page.pageSize,
            total: list.data?.pageMessage.total ?? 0,
            showSizeChanger: true,
            showTotal: (t) => `共 ${t} 条`,
            onChange: (pageNum, pageSize) => setPage({ pageNum, pageSize }),
          }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={canEdit ? `${year}年暂无期初累计数据，下载模板填写后导入` : `${year}年暂无期初累计数据`} /> }}
        />
      </Flex>
      <ImportResultModal result={result} onClose={() => setResult(null)} />
    </Drawer>
  );
}

function ImportResultModal({ result, onClose }: { result: OpeningImportResult | null; onClose: () => void }) {
  return (
    <Modal title="导入结果" open={result !== null} onCancel={onClose} onOk={onClose} cancelButtonProps={{ style: { display: 'none' } }} width={760} className="opening-result">
      {result && (
        <Flex vertical gap={12}>
          <Alert
            type={result.errors.length === 0 ? 'success' : result.imported > 0 ? 'warning' : 'error'}
            showIcon
            title={`共 ${result.rowCount} 行：导入 ${result.imported} 行${result.errors.length > 0 ? `，${result.errors.length} 行有问题未导入（修改后重新导入即可，已导入的员工再次导入会覆盖）` : ''}`}
          />
          {result.errors.length > 0 && (
            <Table
              rowKey="rowNo"
              size="small"
              pagination={result.errors.length > 8 ? { pageSize: 8 } : false}
              dataSource={result.errors}
              columns={[
                { title: '行号', dataIndex: 'rowNo', width: 60 },
                { title: '姓名', dataIndex: 'name', width: 90 },
                { title: '工号/证件号码', dataIndex: 'key', width: 150 },
                { title: '问题', dataIndex: 'reason', render: (v: string) => <Typography.Text type="danger">{v}</Typography.Text> },
              ]}
            />
          )}
        </Flex>
      )}
    </Modal>
  );
}
