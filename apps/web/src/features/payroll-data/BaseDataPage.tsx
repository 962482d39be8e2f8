import type { BaseDataView } from '@wfsaas/contracts';
import { DatePicker, Empty, Flex, Form, Input, Tag, Tooltip, TreeSelect, Typography, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { EMPTY_TEXT, formatMoney } from '../../app/ui/format.ts';
import { int, month, text } from '../../app/ui/list-query.ts';
import { ListScreen } from '../../app/ui/ListScreen.tsx';
import { useListQuery } from '../../app/ui/use-list-query.ts';
import { toTreeSelectData } from '../org/org-tree.ts';
import { chinaMonth } from '../payroll/payroll-format.ts';
import { useDepartments } from '../payroll/payroll.api.ts';
import { PAYROLL_DATA_PERMISSIONS, useBasePage } from './payroll-data.api.ts';
import { ReadGate } from './ReadGate.tsx';

const SCHEMA = { keyword: text, departmentId: int, month };

const flag = (v: boolean) => (v ? <Tag color="blue">是</Tag> : <Typography.Text type="secondary">否</Typography.Text>);

/** /fzsxapp/baseData (基础数据): the payroll base data of the employees on the roster in a month, read-only. */
export default function BaseDataPage() {
  return (
    <ReadGate permission={PAYROLL_DATA_PERMISSIONS.baseRead}>
      <BaseDataPageScreen />
    </ReadGate>
  );
}

function BaseDataPageScreen() {
  const defaults = useMemo(() => ({ month: dayjs(`${chinaMonth()}-01`) }), []);
  const query = useListQuery({ name: 'base-data', schema: SCHEMA, defaults });
  const { keyword, departmentId, month: m } = query.params;
  const shownMonth = (m ?? defaults.month).format('YYYY-MM');
  const page = useBasePage({ ...query.page, keyword, departmentId, month: shownMonth });
  const departments = useDepartments();
  const tree = useMemo(() => toTreeSelectData(departments.data ?? []), [departments.data]);

  const columns: TableColumnsType<BaseDataView> = [
    { title: '工号', dataIndex: 'employeeNo', width: 90, fixed: 'left', render: (v: string | null) => v ?? EMPTY_TEXT },
    { title: '姓名', dataIndex: 'name', width: 80, fixed: 'left' },
    { title: '部门', dataIndex: 'departmentName', width: 110, ellipsis: true, render: (v: string | null) => v ?? EMPTY_TEXT },
    { title: '月薪', dataIndex: 'salary', width: 110, align: 'right', render: (v: string | null) => <span style={{ fontVariantNumeric: 'tabular-nums' }}>{formatMoney(v)}</span> },
    { title: '开户行', dataIndex: 'bankName', width: 120, ellipsis: true, render: (v: string | null) => v ?? EMPTY_TEXT },
    { title: '银行账号', dataIndex: 'bankAccountMasked', width: 170, render: (v: string | null) => <span style={{ fontVariantNumeric: 'tabular-nums' }}>{v ?? EMPTY_TEXT}</span> },
    {
      title: (
        <Tooltip title="国家税务总局公告2020年第13号：年度中间首次取得工资薪金，按累计月份计算减除费用">
          <span>13号公告</span>
        </Tooltip>
      ),
      dataIndex: 'firstJobOfYear',
      width: 80,
      align: 'center',
      render: flag,
    },
    {
      title: (
        <Tooltip title="国家税务总局公告2020年第19号：上年各月均在本单位预扣预缴且全年工资薪金不超过6万元，自1月起按6万元扣除费用">
          <span>19号公告</span>
        </Tooltip>
      ),
      dataIndex: 'previousYearLowIncome',
      width: 80,
      align: 'center',
      render: flag,
    },
    { title: '专项附加扣除合计', dataIndex: 'deductionTotal', width: 130, align: 'right', render: (v: string) => <span style={{ fontVariantNumeric: 'tabular-nums' }}>{v === '0.00' ? EMPTY_TEXT : formatMoney(v)}</span> },
    {
      title: '所属薪资组',
      dataIndex: 'groups',
      width: 150,
      render: (gs: string[]) =>
        gs.length === 0 ? (
          <Typography.Text type="secondary">未加入薪资组</Typography.Text>
        ) : (
          <Flex wrap gap={4}>
            {gs.map((g) => (
              <Tag key={g} style={{ marginInlineEnd: 0 }}>
                {g}
              </Tag>
            ))}
          </Flex>
        ),
    },
  ];

  return (
    <ListScreen<BaseDataView, typeof SCHEMA>
      className="base-data-page"
      title="基础数据"
      description={
        <span>
          员工的算薪基础信息，来自<Link to="/staffRoll">员工档案</Link>和个税扣除信息（在<Link to="/fzsxapp/salaryByBatch">薪资批次</Link>中维护），此处只读。
        </span>
      }
      query={query}
      formName="base-query"
      fields={
        <>
          <Form.Item name="keyword" label="关键字">
            <Input allowClear placeholder="姓名/工号" maxLength={40} />
          </Form.Item>
          <Form.Item name="departmentId" label="部门">
            <TreeSelect allowClear showSearch={{ treeNodeFilterProp: 'title' }} treeDefaultExpandAll placeholder="全部部门（含下级）" treeData={tree} loading={departments.isLoading} />
          </Form.Item>
          <Form.Item name="month" label="在职月份">
            <DatePicker picker="month" format="YYYY-MM" style={{ width: '100%' }} allowClear={false} />
          </Form.Item>
        </>
      }
      table={{
        rowKey: 'employeeId',
        className: 'base-data-table',
        scroll: { x: 1120 },
        columns,
        result: page,
        locale: {
          emptyText: (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={keyword || departmentId ? '没有符合条件的员工' : `${shownMonth} 暂无在职员工，先在员工档案中添加员工`}>
              {!keyword && !departmentId && <Link to="/staffRoll">去员工档案</Link>}
            </Empty>
          ),
        },
      }}
    />
  );
}
