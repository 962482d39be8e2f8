import { DEDUCTION_KINDS, type DeductionKind, type TaxProfileView } from '@wfsaas/contracts';
import { Alert, Button, Checkbox, Drawer, Empty, Flex, Form, Input, InputNumber, Select, Table, Typography, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { usePermissions } from '../../app/routing/PermissionContext.ts';
import { debounce } from '../../app/ui/debounce.ts';
import { formatMoney } from '../../app/ui/format.ts';
import { useAction } from '../../app/ui/use-action.ts';
import { PAYROLL_PERMISSIONS as P, payrollCalls, useEmployeeSearch, useInvalidatePayroll, useTaxProfiles } from './payroll.api.ts';
import { chinaMonth } from './payroll-format.ts';
import {
  checkTaxProfileForm,
  CONTINUING_EDUCATION_OPTIONS,
  DEDUCTION_HINTS,
  formToTaxProfileSave,
  HOUSING_LOAN_OPTIONS,
  HOUSING_RENT_OPTIONS,
  monthlyDeductionTotal,
  profileToForm,
  type TaxProfileForm,
} from './tax-profile-edit.ts';

type Editing = { employeeId: number; name: string; profile: TaxProfileView | undefined };

const amount = (v: string | undefined) => (v && Number(v) > 0 ? <span className="money">{formatMoney(v)}</span> : '—');

/** 个税扣除信息: each employee's flags and monthly special additional deductions of a year. */
export function TaxProfilesDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { map } = usePermissions();
  const canEdit = map[P.runEdit] === true;
  const thisYear = Number(chinaMonth().slice(0, 4));
  const [year, setYear] = useState(thisYear);
  const [keyword, setKeyword] = useState('');
  const profiles = useTaxProfiles(year, open);
  const [editing, setEditing] = useState<Editing | null>(null);

  const rows = useMemo(() => {
    const k = keyword.trim();
    return (profiles.data ?? []).filter((p) => !k || p.name.includes(k));
  }, [profiles.data, keyword]);

  const columns: TableColumnsType<TaxProfileView> = [
    { title: '姓名', dataIndex: 'name', width: 100, fixed: 'left' },
    { title: '年度首次取得工资', dataIndex: 'firstJobOfYear', width: 130, render: (v: boolean) => (v ? '是' : '否') },
    { title: '上年收入不超过6万元', dataIndex: 'previousYearLowIncome', width: 150, render: (v: boolean) => (v ? '是' : '否') },
    ...DEDUCTION_KINDS.map((k) => ({ title: k.label, key: k.key, width: k.key === 'infantCare' ? 140 : 100, align: 'right' as const, render: (_: unknown, r: TaxProfileView) => amount(r.deductions[k.key]) })),
    { title: '每月合计', key: 'total', width: 110, align: 'right', render: (_: unknown, r) => amount(monthlyDeductionTotal(r.deductions)) },
    {
      title: '操作',
      key: 'actions',
      width: 70,
      fixed: 'right',
      render: (_: unknown, r) => (
        <Button type="link" size="small" className="tax-profile-edit" onClick={() => setEditing({ employeeId: r.employeeId, name: r.name, profile: r })}>
          {canEdit ? '编辑' : '查看'}
        </Button>
      ),
    },
  ];

  return (
    <Drawer title="个税扣除信息" open={open} onClose={onClose} size={1360} destroyOnHidden className="tax-profiles-drawer">
      <Flex vertical gap={16}>
        <Typography.Text type="secondary">按年度记录员工的专项附加扣除（每月金额）、个人养老金，以及年度首次取得工资薪金、上年收入不超过6万元的情形，计算个税时按累计预扣法扣除。</Typography.Text>
        <Flex justify="space-between" gap={12} wrap>
          <Flex gap={12}>
            <Select aria-label="年度" style={{ width: 120 }} value={year} onChange={setYear} options={[thisYear + 1, thisYear, thisYear - 1, thisYear - 2].map((y) => ({ value: y, label: `${y}年` }))} />
            <Input.Search allowClear placeholder="按姓名搜索" style={{ width: 240 }} className="tax-profile-search" onSearch={setKeyword} onChange={(e) => !e.target.value && setKeyword('')} />
          </Flex>
          {canEdit && <AddEmployee profiles={profiles.data ?? []} onPick={(e) => setEditing(e)} />}
        </Flex>
        <Table<TaxProfileView>
          rowKey="employeeId"
          size="middle"
          className="tax-profile-table"
          loading={profiles.isFetching}
          dataSource={rows}
          columns={columns}
          scroll={{ x: 1300 }}
          pagination={{ pageSize: 20, showTotal: (t) => `共 ${t} 条`, hideOnSinglePage: false }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={canEdit ? `${year}年暂无个税扣除信息，点击添加员工录入` : `${year}年暂无个税扣除信息`} /> }}
        />
      </Flex>
      <Drawer title={editing ? `${editing.name} · ${year}年个税扣除信息` : ''} open={editing !== null} onClose={() => setEditing(null)} size={600} destroyOnHidden className="tax-profile-editor">
        {editing && <TaxProfileEditForm key={`${editing.employeeId}:${year}`} editing={editing} year={year} canEdit={canEdit} onDone={() => setEditing(null)} />}
      </Drawer>
    </Drawer>
  );
}

/** Picks an employee by name or number to add (or open) their profile. */
function AddEmployee({ profiles, onPick }: { profiles: TaxProfileView[]; onPick: (e: Editing) => void }) {
  const [keyword, setKeyword] = useState('');
  const search = useEmployeeSearch(keyword);
  const onSearch = useMemo(() => debounce((v: string) => setKeyword(v.trim()), 300), []);
  return (
    <Select<number>
      showSearch
      aria-label="添加员工"
      className="tax-profile-add"
      style={{ width: 280 }}
      placeholder="添加员工：输入姓名或工号"
      filterOption={false}
      value={null}
      loading={search.isFetching}
      onSearch={onSearch}
      notFoundContent={search.isFetching ? '查询中…' : '没有找到员工'}
      options={(search.data ?? []).map((e) => ({ value: e.id, label: `${e.name}${e.employeeNo ? `（${e.employeeNo}）` : ''}${e.departmentName ? ` · ${e.departmentName}` : ''}` }))}
      onChange={(id) => {
        const e = (search.data ?? []).find((x) => x.id === id);
        if (e) onPick({ employeeId: e.id, name: e.name, profile: profiles.find((p) => p.employeeId === e.id) });
      }}
    />
  );
}

const moneyInput = (label: string) => <InputNumber<number> aria-label={label} min={0} max={99_999} precision={2} suffix="元/月" style={{ width: 220 }} />;
const choice = (label: string, options: readonly { value: number; label: string }[]) => <Select<number> aria-label={label} allowClear placeholder="不扣除" style={{ width: 320 }} options={[...options]} />;

function deductionInput(kind: DeductionKind, label: string) {
  switch (kind) {
    case 'housingRent':
      return choice(label, HOUSING_RENT_OPTIONS);
    case 'housingLoanInterest':
      return choice(label, HOUSING_LOAN_OPTIONS);
    case 'continuingEducation':
      return choice(label, CONTINUING_EDUCATION_OPTIONS);
    default:
      return moneyInput(label);
  }
}

function TaxProfileEditForm({ editing, year, canEdit, onDone }: { editing: Editing; year: number; canEdit: boolean; onDone: () => void }) {
  const [form] = Form.useForm<TaxProfileForm>();
  const invalidate = useInvalidatePayroll();
  const [errors, setErrors] = useState<string[]>([]);
  const saveProfile = useAction((v: TaxProfileForm) => payrollCalls.saveTaxProfile(formToTaxProfileSave(v, editing.employeeId, year)), { success: '保存成功', invalidate, onSuccess: onDone });

  const save = async () => {
    const v = { ...profileToForm(undefined), ...(await form.validateFields()) };
    const found = checkTaxProfileForm(v);
    setErrors(found);
    if (found.length > 0) return;
    await saveProfile.run(v);
  };

  return (
    <Form<TaxProfileForm> form={form} layout="vertical" disabled={!canEdit} initialValues={profileToForm(editing.profile)} className="tax-profile-form">
      <Form.Item name="firstJobOfYear" valuePropName="checked" extra="国家税务总局公告2020年第13号：年度中间首次取得工资薪金，按累计月份计算减除费用（可扣除入职前月份的5,000元/月）。" style={{ marginBottom: 12 }}>
        <Checkbox>年度首次取得工资薪金</Checkbox>
      </Form.Item>
      <Form.Item
        name="previousYearLowIncome"
        valuePropName="checked"
        extra="国家税务总局公告2020年第19号：上一完整纳税年度各月均在本单位预扣预缴，且全年工资薪金收入不超过6万元，自1月起直接按全年6万元扣除费用。"
      >
        <Checkbox>上年各月均在本单位预扣且全年收入不超过6万元</Checkbox>
      </Form.Item>
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        每月扣除金额
      </Typography.Title>
      {DEDUCTION_KINDS.map((k) => (
        <Form.Item key={k.key} name={k.key} label={k.label} extra={DEDUCTION_HINTS[k.key]}>
          {deductionInput(k.key, k.label)}
        </Form.Item>
      ))}
      {errors.length > 0 && (
        <Alert type="error" showIcon className="tax-profile-errors" style={{ marginBottom: 16 }} message="请修改以下内容后再保存" description={<ul style={{ margin: 0, paddingLeft: 20 }}>{errors.map((e) => <li key={e}>{e}</li>)}</ul>} />
      )}
      <Flex justify="flex-end" gap={8}>
        <Button disabled={false} onClick={onDone}>
          {canEdit ? '取消' : '关闭'}
        </Button>
        {canEdit && (
          <Button type="primary" className="tax-profile-save" loading={saveProfile.pending} onClick={() => void save()}>
            保存
          </Button>
        )}
      </Flex>
    </Form>
  );
}
