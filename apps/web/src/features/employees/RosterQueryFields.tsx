import { EMPLOYEE_STATUSES, type Widget } from '@wfsaas/contracts';
import { Checkbox, DatePicker, Form, Input, Select } from 'antd';
import { DictionarySelect } from '../../app/dictionaries/DictionarySelect.tsx';
import { usePermissions } from '../../app/routing/PermissionContext.ts';
import { usePositionOptions, useRankOptions } from './employees.api.ts';
import { CustomFilterInput, DepartmentTreeSelect } from './pickers.tsx';

/** The roster's query fields; the expanded form adds rank, status, type, hire dates and the custom fields. */
export function rosterQueryFields(expanded: boolean, widgets: readonly Widget[], positionOptions: { value: number; label: string }[], rankOptions: { value: number; label: string }[]) {
  const fields = [
    <Form.Item key="keyword" name="keyword" label="关键字">
      <Input placeholder="姓名、工号或手机号" allowClear maxLength={50} />
    </Form.Item>,
    <Form.Item key="departmentId" name="departmentId" label="部门">
      <DepartmentTreeSelect />
    </Form.Item>,
    <Form.Item key="positionId" name="positionId" label="岗位">
      <Select allowClear showSearch={{ optionFilterProp: 'label' }} placeholder="全部" options={positionOptions} />
    </Form.Item>,
  ];
  if (!expanded) return fields;
  return [
    ...fields,
    <Form.Item key="rankId" name="rankId" label="职级">
      <Select allowClear showSearch={{ optionFilterProp: 'label' }} placeholder="全部" options={rankOptions} />
    </Form.Item>,
    <Form.Item key="status" name="status" label="员工状态">
      <Select mode="multiple" allowClear placeholder="全部" options={EMPLOYEE_STATUSES.filter((s) => s.value !== 4).map((s) => ({ value: s.value, label: s.label }))} />
    </Form.Item>,
    <Form.Item key="employmentType" name="employmentType" label="用工类型">
      <DictionarySelect code="employmentType" numeric mode="multiple" allowClear placeholder="全部" />
    </Form.Item>,
    <Form.Item key="hireDate" name="hireDate" label="入职日期">
      <DatePicker.RangePicker style={{ width: '100%' }} allowEmpty={[true, true]} />
    </Form.Item>,
    <Form.Item key="labourContract" name="labourContract" label="劳动合同" tooltip="无生效中的劳动合同（固定期限、无固定期限或以完成一定工作任务为期限）">
      <Select allowClear placeholder="全部" options={[{ value: 'none', label: '未签订' }]} />
    </Form.Item>,
    <Form.Item key="includeSubDepartments" name="includeSubDepartments" label="下级部门" valuePropName="checked" initialValue={true}>
      <Checkbox>包含下级部门的员工</Checkbox>
    </Form.Item>,
    ...widgets.map((w) => (
      <Form.Item key={w.key} name={['custom', w.key]} label={w.label} tooltip={w.label.length > 5 ? w.label : undefined}>
        <CustomFilterInput widget={w} />
      </Form.Item>
    )),
  ];
}

/** Position and rank choices; they read the organisation API (positionRank), so only for those granted it. */
export function usePositionRankOptions() {
  const { map } = usePermissions();
  const positions = usePositionOptions(map.positionRank === true);
  const ranks = useRankOptions(map.positionRank === true);
  return {
    positionOptions: (positions.data ?? []).map((p) => ({ value: p.id, label: p.departmentName ? `${p.name}（${p.departmentName}）` : p.name })),
    rankOptions: (ranks.data ?? []).map((r) => ({ value: r.id, label: `${r.categoryName} ${r.name}` })),
  };
}
